'use client';

import { useRouter } from 'next/navigation';
import { useActionState, useEffect, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { LiveRegion } from '@/components/ui/live-region';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';
import { resendDeliveryAction } from '@/lib/actions/webhooks';
import type { ActionState } from '@/lib/actions/action-state';
import type { DeliveryLogEntry } from '@/lib/server/webhooks/list-deliveries';

/**
 * The worker writes an attempt's row when it has made it, seconds after "Send test event" or
 * "Resend" queued it: the log reloads itself until the row is there (and while a row says queued).
 */
const REFRESH_MS = 2_000;
const MAX_REFRESHES = 30;

function Outcome({ entry }: { entry: DeliveryLogEntry }) {
  if (entry.succeededAt) return <Badge tone="success">{entry.status ?? 'OK'}</Badge>;
  if (entry.status !== null) return <Badge tone="danger">{entry.status}</Badge>;
  if (entry.error) return <Badge tone="danger">Failed</Badge>;
  return <Badge>Queued</Badge>;
}

/** An endpoint's delivery log: one row per attempt, newest first, each with "Resend". */
export function DeliveryLog({
  url,
  entries,
  canResend,
  awaited,
}: {
  url: string;
  entries: DeliveryLogEntry[];
  canResend: boolean;
  /** A test event just queued from the card: the log waits for its row. */
  awaited?: ActionState['queued'];
}) {
  const router = useRouter();
  const [state, resend, pending] = useActionState(resendDeliveryAction, { status: 'idle' } as ActionState);
  const [refreshes, setRefreshes] = useState(0);
  const missing = [awaited, state.queued].some(
    (q) => q && !entries.some((e) => e.eventId === q.eventId && e.attempt >= q.attempt),
  );
  const waiting = missing || entries.some((e) => e.status === null && !e.error && !e.succeededAt);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly queued attempt starts a new round of reloads
  useEffect(() => setRefreshes(0), [awaited, state.queued]);
  useEffect(() => {
    if (!waiting || refreshes >= MAX_REFRESHES) return;
    const timer = setTimeout(() => {
      setRefreshes((n) => n + 1);
      router.refresh();
    }, REFRESH_MS);
    return () => clearTimeout(timer);
  }, [waiting, refreshes, router]);

  const status = (
    <LiveRegion tone={state.status === 'error' ? 'error' : 'success'}>
      {state.message ?? (waiting ? 'Waiting for the delivery…' : '')}
    </LiveRegion>
  );
  if (entries.length === 0) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">No deliveries yet. Send a test event to see one here.</p>
        {status}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <Table caption={`Deliveries to ${url}, newest first`}>
        <THead>
          <tr>
            <TH>Event</TH>
            <TH>Attempt</TH>
            <TH>Status</TH>
            <TH>Duration</TH>
            <TH>Response</TH>
            <TH>Sent</TH>
            <TH>
              <span className="sr-only">Actions</span>
            </TH>
          </tr>
        </THead>
        <tbody>
          {entries.map((entry) => (
            <TR key={entry.id} data-delivery-id={entry.id}>
              <TD>
                <span className="block font-mono text-xs">{entry.eventType}</span>
                <span className="block font-mono text-xs text-muted">{entry.eventId}</span>
              </TD>
              <TD className="tabular-nums">{entry.attempt}</TD>
              <TD>
                <Outcome entry={entry} />
              </TD>
              <TD className="whitespace-nowrap tabular-nums">
                {entry.durationMs === null ? '–' : `${entry.durationMs} ms`}
              </TD>
              <TD className="max-w-56">
                <span
                  className="block truncate font-mono text-xs"
                  title={entry.responseSnippet ?? entry.error ?? undefined}
                >
                  {entry.responseSnippet || entry.error || <span className="text-muted">–</span>}
                </span>
              </TD>
              <TD className="whitespace-nowrap">
                <DateTime value={entry.createdAt} precise />
              </TD>
              <TD>
                <form action={resend}>
                  <input type="hidden" name="deliveryId" value={entry.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    disabled={pending || !canResend}
                    aria-label={`Resend ${entry.eventType} ${entry.eventId}, attempt ${entry.attempt}`}
                  >
                    Resend
                  </Button>
                </form>
              </TD>
            </TR>
          ))}
        </tbody>
      </Table>
      {status}
    </div>
  );
}
