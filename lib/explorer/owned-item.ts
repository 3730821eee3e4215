// The explorer's state in browser storage (its key, its history) carries the id of the user it
// belongs to. It is read back only for that user: anything stored for another user, for nobody
// (before items carried an owner) or unreadable is erased on reading, so the next person to sign
// in on a shared browser never sees the previous user's key or calls.
// Plain type guards, not zod: this runs on every console page, whose first load stays small.

export type ItemStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function remove(storage: ItemStorage, name: string): void {
  try {
    storage.removeItem(name);
  } catch {
    // Storage disabled: nothing could have been kept either.
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value stored under `name` for `owner`, or null; someone else's value is erased. */
export function readOwnedItem<T>(
  storage: ItemStorage,
  name: string,
  owner: string,
  isValue: (value: unknown) => value is T,
): T | null {
  let raw: string | null;
  try {
    raw = storage.getItem(name);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isRecord(parsed) && parsed.owner === owner && isValue(parsed.value)) return parsed.value;
  } catch {
    // Not JSON: erased below like someone else's.
  }
  remove(storage, name);
  return null;
}

/** Stores `value` under `name` for `owner`; returns false when the storage refused it (full, disabled). */
export function writeOwnedItem(storage: ItemStorage, name: string, owner: string, value: unknown): boolean {
  try {
    storage.setItem(name, JSON.stringify({ owner, value }));
    return true;
  } catch {
    return false;
  }
}

/** Erases what `names` hold: on sign-out, and for items kept before they carried an owner. */
export function removeItems(storage: ItemStorage | null, names: readonly string[]): void {
  if (storage) for (const name of names) remove(storage, name);
}
