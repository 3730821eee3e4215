'use client';

import { useActionState, useEffect, useState } from 'react';

import { KeyStatusProvider, KeyStatusRegion } from '@/components/keys/key-status';
import { NewKeyPanel } from '@/components/keys/new-key-panel';
import { Button } from '@/components/ui/button';
import { LiveRegion } from '@/components/ui/live-region';
import { idleState } from '@/lib/actions/action-state';
import { createExplorerKeyAction } from '@/lib/actions/explorer';

/**
 * The key calls are sent with: pasted, or made by "Create a key for the explorer". It stays in
 * this tab (sessionStorage): never in a URL, a cookie, localStorage, the history or a snippet.
 */
export function ApiKeyField({ apiKey, onChange }: { apiKey: string; onChange: (key: string) => void }) {
  const [revealed, setRevealed] = useState(false);
  const [state, createKey, pending] = useActionState(createExplorerKeyAction, idleState);
  const [shownKey, setShownKey] = useState<string | null>(null);

  useEffect(() => {
    if (state.status === 'success' && state.createdKey) {
      onChange(state.createdKey);
      setShownKey(state.createdKey);
    }
  }, [state, onChange]);

  return (
    <section
      aria-labelledby="explorer-key-title"
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <h2 id="explorer-key-title" className="font-semibold">
        Authentication
      </h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="explorer-api-key" className="text-sm font-medium">
          API key
        </label>
        <div className="flex gap-2">
          <input
            id="explorer-api-key"
            type={revealed ? 'text' : 'password'}
            value={apiKey}
            onChange={(e) => onChange(e.target.value.trim())}
            placeholder="ak_live_…"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="explorer-api-key-hint"
            className="min-h-10 min-w-0 flex-1 rounded-md border border-border bg-raised px-3 font-mono text-sm text-fg placeholder:text-muted"
          />
          <Button variant="secondary" size="sm" aria-pressed={revealed} onClick={() => setRevealed((r) => !r)}>
            {revealed ? 'Hide' : 'Show'}
          </Button>
        </div>
        <p id="explorer-api-key-hint" className="text-xs text-muted">
          Kept in this tab only, until you close it. Keys are stored as hashes, so the console cannot fill one in for
          you.
        </p>
      </div>
      <form action={createKey} className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? 'Creating…' : 'Create a key for the explorer'}
        </Button>
        <span className="text-xs text-muted">A normal key of your account: it counts toward the ten.</span>
      </form>
      <LiveRegion tone={state.status === 'error' ? 'error' : state.status === 'success' ? 'success' : undefined}>
        {state.message}
      </LiveRegion>
      {shownKey ? (
        // The panel reports "Copied" through the keys page's status line; here it gets its own.
        <KeyStatusProvider>
          <NewKeyPanel apiKey={shownKey} onDismiss={() => setShownKey(null)} />
          <KeyStatusRegion />
        </KeyStatusProvider>
      ) : null}
    </section>
  );
}
