// The last calls made in this browser, for the history panel: the endpoint, parameters, status,
// units, time and request id. Never the key: nothing here can hold it. Kept for the signed-in
// user only (owned-item.ts): another user's history is erased when read, and sign-out erases it.
import { isRecord, readOwnedItem, removeItems, writeOwnedItem, type ItemStorage } from './owned-item';
import { mayHoldSecret } from './share-link';

export const HISTORY_LIMIT = 50;
const STORAGE_KEY = 'explorer.history.v2';
/** Where the history was kept before it carried its owner: nobody's, so erased on reading. */
const UNOWNED_KEYS = ['explorer.history.v1'];

export interface HistoryEntry {
  id: string;
  at: string;
  method: 'GET' | 'POST';
  path: string;
  params: [string, string][];
  body?: string;
  status: number;
  code: string | null;
  units: number | null;
  durationMs: number;
  requestId: string | null;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isPair = (v: unknown): v is [string, string] =>
  Array.isArray(v) && v.length === 2 && isString(v[0]) && isString(v[1]);

/** What the browser kept, checked field by field (storage can hold anything an older page wrote). */
function isHistoryEntry(v: unknown): v is HistoryEntry {
  return (
    isRecord(v) &&
    isString(v.id) &&
    isString(v.at) &&
    (v.method === 'GET' || v.method === 'POST') &&
    isString(v.path) &&
    v.path.startsWith('/v1/') &&
    Array.isArray(v.params) &&
    v.params.every(isPair) &&
    (v.body === undefined || isString(v.body)) &&
    Number.isInteger(v.status) &&
    (v.code === null || isString(v.code)) &&
    (v.units === null || isNumber(v.units)) &&
    isNumber(v.durationMs) &&
    (v.requestId === null || isString(v.requestId))
  );
}

const isHistory = (v: unknown): v is HistoryEntry[] => Array.isArray(v) && v.every(isHistoryEntry);

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
  return (readOwnedItem(storage, STORAGE_KEY, owner, isHistory) ?? []).slice(0, HISTORY_LIMIT);
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
