// The explorer's API key lives in this tab only: sessionStorage (gone when the tab closes),
// never localStorage, a cookie or a URL, and never in the history or a share link.
const STORAGE_KEY = 'explorer.apiKey';

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readTabKey(): string {
  return tabStorage()?.getItem(STORAGE_KEY) ?? '';
}

export function writeTabKey(key: string): void {
  const storage = tabStorage();
  if (!storage) return;
  if (key) storage.setItem(STORAGE_KEY, key);
  else storage.removeItem(STORAGE_KEY);
}
