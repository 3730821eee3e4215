'use client';

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The key list's heading: where focus goes when what had it disappears (a deleted row, the new-key panel). */
export const KEYS_HEADING_ID = 'keys-heading';

export type KeyStatusMessage = { tone: 'success' | 'error'; text: string };

type KeyStatusContextValue = { status: KeyStatusMessage | null; announce: (message: KeyStatusMessage | null) => void };

const KeyStatusContext = createContext<KeyStatusContextValue | null>(null);

/**
 * The keys page's one status line: creating, copying, revoking, re-enabling and deleting all
 * report here, and each message replaces the one before, so the page never shows a pile of
 * outcomes and a screen reader hears only the latest.
 */
export function KeyStatusProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<KeyStatusMessage | null>(null);
  const announce = useCallback((message: KeyStatusMessage | null) => setStatus(message), []);
  const value = useMemo(() => ({ status, announce }), [status, announce]);
  return <KeyStatusContext.Provider value={value}>{children}</KeyStatusContext.Provider>;
}

export function useKeyStatus(): KeyStatusContextValue {
  const value = useContext(KeyStatusContext);
  if (!value) throw new Error('useKeyStatus needs a KeyStatusProvider');
  return value;
}

/** The live region that shows the latest message; always in the DOM so changes are announced. */
export function KeyStatusRegion() {
  const { status } = useKeyStatus();
  return (
    <p aria-live="polite" role="status" data-testid="key-status" className="min-h-5 text-sm">
      {status ? <span className={status.tone === 'error' ? 'text-danger' : 'text-success'}>{status.text}</span> : null}
    </p>
  );
}
