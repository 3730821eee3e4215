// The explorer's API key lives in this tab only: sessionStorage (gone when the tab closes),
// never localStorage, a cookie or a URL, and never in the history or a share link. It is kept
// for the signed-in user only (owned-item.ts): another user's key is erased when read, and
// sign-out erases it.
import { readOwnedItem, removeItems, writeOwnedItem } from './owned-item';

const STORAGE_KEY = 'explorer.apiKey.v2';
/** Where the key was kept before it carried its owner: nobody's, so erased on reading. */
const UNOWNED_KEYS = ['explorer.apiKey'];

function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The key `owner` (a user id) kept in this tab, or ''. */
export function readTabKey(owner: string): string {
  const storage = tabStorage();
  if (!storage) return '';
  removeItems(storage, UNOWNED_KEYS);
  return readOwnedItem(storage, STORAGE_KEY, owner, (value): value is string => typeof value === 'string') ?? '';
}

export function writeTabKey(owner: string, key: string): void {
  const storage = tabStorage();
  if (!storage) return;
  if (key) writeOwnedItem(storage, STORAGE_KEY, owner, key);
  else removeItems(storage, [STORAGE_KEY]);
}

export function clearTabKey(): void {
  removeItems(tabStorage(), [STORAGE_KEY, ...UNOWNED_KEYS]);
}
