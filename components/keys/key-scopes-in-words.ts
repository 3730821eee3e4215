// A restricted key's scopes in words, for the key list, the key menu and the explorer's warning.
// Its own file: the key list imports it without the explorer note's query code.

/** "the shop family and /v1/x": a restricted key's scopes in words (as the API's refusal says them). */
export function scopesInWords(scopes: readonly string[]): string {
  const parts = scopes.map((scope) => (scope.startsWith('/') ? scope : `the ${scope} family`));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
