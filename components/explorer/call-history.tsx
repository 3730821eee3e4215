'use client';

import { DateTime } from '@/components/ui/date-time';
import { Button } from '@/components/ui/button';
import type { HistoryEntry } from '@/lib/explorer/history';
import { requestUrl } from '@/lib/explorer/request-url';

/** The last calls of this browser: re-open one in the form, or send it again. */
export function CallHistory({
  entries,
  onOpen,
  onResend,
  onClear,
  disabled,
}: {
  entries: HistoryEntry[];
  onOpen: (entry: HistoryEntry) => void;
  onResend: (entry: HistoryEntry) => void;
  onClear: () => void;
  disabled: boolean;
}) {
  return (
    <section
      aria-labelledby="explorer-history-title"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="explorer-history-title" className="font-semibold">
          History
        </h2>
        {entries.length > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear history
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-muted">The last 50 calls made in this browser. Keys are never kept here.</p>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">No calls yet. Send one and it appears here.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Calls, newest first">
          {entries.map((entry) => (
            <li
              key={entry.id}
              data-testid="history-entry"
              className="flex flex-col gap-1 border-t border-border pt-2 text-xs"
            >
              <span className="break-all font-mono">
                {entry.method === 'POST' ? 'POST ' : ''}
                {requestUrl(entry.path, entry.params)}
              </span>
              <span className="text-muted">
                <span className={entry.status < 400 ? 'text-success' : 'text-danger'}>
                  {entry.status}
                  {entry.code ? ` ${entry.code}` : ''}
                </span>
                {' · '}
                {entry.units ?? 0} unit{entry.units === 1 ? '' : 's'} · {entry.durationMs} ms ·{' '}
                <DateTime value={entry.at} />
                {entry.requestId ? (
                  <>
                    {' '}
                    · <span className="font-mono">{entry.requestId}</span>
                  </>
                ) : null}
              </span>
              <span className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onOpen(entry)}
                  aria-label={`Open ${entry.path} in the form`}
                >
                  Open
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={disabled}
                  onClick={() => onResend(entry)}
                  aria-label={`Send ${entry.path} again`}
                >
                  Send again
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
