// The last calls made in this browser, for the history panel: the endpoint, parameters, status,
// units, time and request id. Never the key: nothing here can hold it.
import { z } from 'zod';

export const HISTORY_LIMIT = 50;
const STORAGE_KEY = 'explorer.history.v1';

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

/** Parameter names that could carry a key are dropped before anything is stored. */
const secretName = /key|token|secret|authorization/i;

export function readHistory(storage: Pick<Storage, 'getItem'> | null): HistoryEntry[] {
  if (!storage) return [];
  try {
    const parsed = z.array(historyEntrySchema).safeParse(JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, HISTORY_LIMIT) : [];
  } catch {
    return [];
  }
}

/** The history with `entry` first, at most HISTORY_LIMIT long, saved to `storage`. */
export function addToHistory(storage: Pick<Storage, 'getItem' | 'setItem'> | null, entry: HistoryEntry): HistoryEntry[] {
  const clean: HistoryEntry = { ...entry, params: entry.params.filter(([name]) => !secretName.test(name)) };
  const next = [clean, ...readHistory(storage).filter((e) => e.id !== entry.id)].slice(0, HISTORY_LIMIT);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the history lives on in memory for this page.
  }
  return next;
}

export function clearHistory(storage: Pick<Storage, 'removeItem'> | null): void {
  storage?.removeItem(STORAGE_KEY);
}
