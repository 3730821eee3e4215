// The explorer's browser state: the key of this tab (sessionStorage) and the history of calls of
// this browser (localStorage, never with a key).
import { useCallback, useEffect, useState } from 'react';

import { addToHistory, clearHistory, readHistory, type HistoryEntry } from './history';
import { readTabKey, writeTabKey } from './tab-key';

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The API key for this tab: read after mount (the server has no sessionStorage), saved on change. */
export function useTabKey(): [string, (key: string) => void] {
  const [key, setKey] = useState('');
  useEffect(() => setKey(readTabKey()), []);
  const update = useCallback((next: string) => {
    setKey(next);
    writeTabKey(next);
  }, []);
  return [key, update];
}

export function useCallHistory() {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  useEffect(() => setEntries(readHistory(localStore())), []);
  const add = useCallback((entry: HistoryEntry) => setEntries(addToHistory(localStore(), entry)), []);
  const clear = useCallback(() => {
    clearHistory(localStore());
    setEntries([]);
  }, []);
  return { entries, add, clear };
}
