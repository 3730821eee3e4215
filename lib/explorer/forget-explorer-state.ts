// The explorer's key and history outlive a page but not a user: erased at sign-out, and erased
// on any console page opened by someone other than the user they were kept for.
import { clearHistory, historyStorage, readHistory } from './history';
import { clearTabKey, readTabKey } from './tab-key';

/** Sign-out: erases this tab's explorer key and this browser's call history. */
export function forgetExplorerState(): void {
  clearTabKey();
  clearHistory(historyStorage());
}

/** A console page opened by `userId`: erases the key and history another user (or nobody) left. */
export function discardExplorerStateOfOthers(userId: string): void {
  // Reading for a user erases what belongs to anyone else (owned-item.ts).
  readTabKey(userId);
  readHistory(historyStorage(), userId);
}
