// A key as one line of text, the same on the server and in the browser.
export type KeyLabelParts = { name: string | null; display: string };

/** "name (ak_live_AbCd…wxyz)", or the display alone when the key has no name. */
export function usageKeyLabel(key: KeyLabelParts | undefined): string {
  if (!key) return '(no key)';
  return key.name ? `${key.name} (${key.display})` : key.display;
}

/**
 * A key in a list to filter by (/usage, the request log): its label, and "(revoked)" or
 * "(deleted)" after a key that no longer calls, the same in every such list.
 */
export function keyFilterLabel(key: KeyLabelParts & { status: 'active' | 'revoked' | 'deleted' }): string {
  return key.status === 'active' ? usageKeyLabel(key) : `${usageKeyLabel(key)} (${key.status})`;
}
