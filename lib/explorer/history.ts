// The last calls made in this browser, for the history panel: the endpoint, parameters, status,
// units, time and request id. Never the key: nothing here can hold it. Kept for the signed-in
// user only (owned-item.ts): another user's history is erased when read, and sign-out erases it.
import { z } from 'zod';

import { readOwnedItem, removeItems, writeOwnedItem, type ItemStorage } from './owned-item';
import { mayHoldSecret } from './share-link';

export const HISTORY_LIMIT = 50;
const STORAGE_KEY = 'explorer.history.v2';
/** Where the history was kept before it carried its owner: nobody's, so erased on reading. */
const UNOWNED_KEYS = ['explorer.history.v1'];

const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  method: z.enum(['GET', 'POST']),
  path: z.string().startsWith('/v1/'),
  params: z.array(z.tuple([z.string(), z.string()])),
  body: z.string().optional(),
  status: z.number().int(),
  code: z.string().nullable(),
  units: z.number().nullable(),
  durationMs: z.number(),
  requestId: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** This browser's localStorage, or null where it is disabled. */
export function historyStorage(): ItemStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The history of `owner` (a user id); what belongs to anyone else is erased. */
export function readHistory(storage: ItemStorage | null, owner: string): HistoryEntry[] {
  if (!storage) return [];
  removeItems(storage, UNOWNED_KEYS);
  return (readOwnedItem(storage, STORAGE_KEY, owner, z.array(historyEntrySchema)) ?? []).slice(0, HISTORY_LIMIT);
}

/** The history with `entry` first, at most HISTORY_LIMIT long, saved to `storage` for `owner`. */
export function addToHistory(storage: ItemStorage | null, owner: string, entry: HistoryEntry): HistoryEntry[] {
  const clean: HistoryEntry = { ...entry, params: entry.params.filter(([name]) => !mayHoldSecret(name)) };
  const next = [clean, ...readHistory(storage, owner).filter((e) => e.id !== entry.id)].slice(0, HISTORY_LIMIT);
  // Storage full or disabled: the history lives on in memory for this page.
  if (storage) writeOwnedItem(storage, STORAGE_KEY, owner, next);
  return next;
}

export function clearHistory(storage: ItemStorage | null): void {
  removeItems(storage, [STORAGE_KEY, ...UNOWNED_KEYS]);
}
