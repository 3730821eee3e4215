// The explorer's browser state for the signed-in user `owner`: the key of this tab
// (sessionStorage) and the history of calls of this browser (localStorage, never with a key).
// Both are read again when the owner changes; what another user left is erased, never shown.
import { useCallback, useEffect, useState } from 'react';

import { addToHistory, clearHistory, historyStorage, readHistory, type HistoryEntry } from '@/lib/explorer/history';
import { readTabKey, writeTabKey } from '@/lib/explorer/tab-key';

/** The API key for this tab: read after mount (the server has no sessionStorage), saved on change. */
export function useTabKey(owner: string): [string, (key: string) => void] {
  const [key, setKey] = useState('');
  useEffect(() => setKey(readTabKey(owner)), [owner]);
  const update = useCallback(
    (next: string) => {
      setKey(next);
      writeTabKey(owner, next);
    },
    [owner],
  );
  return [key, update];
}

export function useCallHistory(owner: string) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  useEffect(() => setEntries(readHistory(historyStorage(), owner)), [owner]);
  const add = useCallback((entry: HistoryEntry) => setEntries(addToHistory(historyStorage(), owner, entry)), [owner]);
  const clear = useCallback(() => {
    clearHistory(historyStorage());
    setEntries([]);
  }, []);
  return { entries, add, clear };
}
