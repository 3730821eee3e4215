// A key as one line of text, the same on the server and in the browser.
export type KeyLabelParts = { name: string | null; display: string };

/** "name (ak_live_AbCd…wxyz)", or the display alone when the key has no name. */
export function usageKeyLabel(key: KeyLabelParts | undefined): string {
  if (!key) return '(no key)';
  return key.name ? `${key.name} (${key.display})` : key.display;
}
