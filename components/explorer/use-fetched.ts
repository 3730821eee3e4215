'use client';

// The explorer's two small reads (free units left, a key's restriction) without TanStack Query,
// whose ~11 kB gzip the explorer's first load cannot afford (the first-load budget: 150 kB a page).
// What the explorer needs of it: one request per key at a time, an answer reused for `staleMs`,
// the last answer kept on screen while the same key is read again, and a read again after a call
// (invalidateFetched).
import { useEffect, useState, useSyncExternalStore } from 'react';

interface CacheEntry {
  at: number;
  promise: Promise<unknown>;
}

const cache = new Map<string, CacheEntry>();
const listeners = new Set<() => void>();
let version = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets every answer whose key starts with `prefix`; the views showing one read it again. */
export function invalidateFetched(prefix: string): void {
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  version += 1;
  for (const listener of listeners) listener();
}

/** `fetcher`'s answer for `key` (null: nothing to read); `isError` when the last read failed. */
export function useFetched<T>(
  key: string | null,
  fetcher: () => Promise<T>,
  staleMs = 30_000,
): { data: T | undefined; isError: boolean } {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  const [state, setState] = useState<{ key: string | null; data?: T; isError: boolean }>({ key: null, isError: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` (the store's version) re-reads after an invalidation; `fetcher` is new each render and `key` names what it reads
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let entry = cache.get(key);
    if (!entry || Date.now() - entry.at > staleMs) {
      entry = { at: Date.now(), promise: fetcher() };
      cache.set(key, entry);
    }
    const read = entry;
    read.promise.then(
      (data) => live && setState({ key, data: data as T, isError: false }),
      () => {
        if (cache.get(key) === read) cache.delete(key); // a failure is not kept: the next view tries again
        if (live) setState({ key, isError: true });
      },
    );
    return () => {
      live = false;
    };
  }, [key, current, staleMs]);
  return state.key === key && key !== null
    ? { data: state.data, isError: state.isError }
    : { data: undefined, isError: false };
}
