'use client';

import { useActionState, useEffect, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { LiveRegion } from '@/components/ui/live-region';
import { DeliveryLog } from '@/components/webhooks/delivery-log';
import { RollSecretDialog } from '@/components/webhooks/roll-secret-dialog';
import { WebhookSecretPanel } from '@/components/webhooks/webhook-secret-panel';
import {
  deleteWebhookEndpointAction,
  rollWebhookSecretAction,
  sendTestEventAction,
  setWebhookEndpointEnabledAction,
} from '@/lib/actions/webhooks';
import type { ActionState } from '@/lib/actions/action-state';
import type { WebhookEndpointRecord } from '@/lib/server/webhooks/endpoints';
import type { DeliveryLogEntry } from '@/lib/server/webhooks/list-deliveries';

const idle = { status: 'idle' } as ActionState;

/** One endpoint: its URL, state and events, its actions, and its delivery log. */
export function WebhookEndpointCard({
  endpoint,
  deliveries,
}: {
  endpoint: WebhookEndpointRecord;
  deliveries: DeliveryLogEntry[];
}) {
  const [testState, sendTest, testing] = useActionState(sendTestEventAction, idle);
  const [toggleState, toggle, toggling] = useActionState(setWebhookEndpointEnabledAction, idle);
  const [rollState, roll] = useActionState(rollWebhookSecretAction, idle);
  const [deleteState, remove, deleting] = useActionState(deleteWebhookEndpointAction, idle);
  const [latest, setLatest] = useState<ActionState>(idle);
  const [dialog, setDialog] = useState<'roll' | 'delete' | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const secret = rollState.createdKey && rollState.createdKey !== dismissed ? rollState.createdKey : null;
  const headingId = `webhook-${endpoint.id}`;

  // One status line per endpoint: the latest outcome replaces the one before.
  useEffect(() => setLatest(testState), [testState]);
  useEffect(() => setLatest(toggleState), [toggleState]);
  useEffect(() => setLatest(rollState), [rollState]);
  useEffect(() => setLatest(deleteState), [deleteState]);

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-md border border-border bg-surface p-4">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="break-all font-mono text-sm font-semibold">
          {endpoint.url}
        </h3>
        {endpoint.description ? <p className="text-sm">{endpoint.description}</p> : null}
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          {endpoint.enabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="warning">Disabled</Badge>}
          {!endpoint.enabled && endpoint.disabledReason ? <span>{endpoint.disabledReason}</span> : null}
          {endpoint.enabled && endpoint.failingSince ? (
            <span className="text-danger">
              Failing since <DateTime value={endpoint.failingSince} />
            </span>
          ) : null}
          <span>
            Added <DateTime value={endpoint.createdAt} />
          </span>
        </p>
        <p className="text-sm">
          <span className="text-muted">Events: </span>
          <span className="font-mono text-xs [overflow-wrap:anywhere]">{endpoint.events.join(', ')}</span>
        </p>
        {endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? (
          <p className="text-sm text-muted">
            The previous secret also signs until <DateTime value={endpoint.previousSecretExpiresAt} />.
          </p>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <form action={sendTest}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <Button type="submit" size="sm" className="w-full" disabled={testing || !endpoint.enabled}>
            {testing ? 'Sending…' : 'Send test event'}
          </Button>
        </form>
        <Button variant="secondary" size="sm" className="w-full sm:w-auto" onClick={() => setDialog('roll')}>
          Roll secret
        </Button>
        <form action={toggle}>
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <input type="hidden" name="enabled" value={String(!endpoint.enabled)} />
          <Button type="submit" variant="secondary" size="sm" className="w-full" disabled={toggling}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
        </form>
        <Button variant="danger" size="sm" className="w-full sm:w-auto" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      </div>
      <LiveRegion tone={latest.status === 'error' ? 'error' : 'success'}>{latest.message}</LiveRegion>
      {secret ? <WebhookSecretPanel secret={secret} onDismiss={() => setDismissed(secret)} /> : null}
      <details className="group rounded-md border border-border bg-raised" open>
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Delivery log</summary>
        <div className="border-t border-border p-3">
          <DeliveryLog
            url={endpoint.url}
            entries={deliveries}
            canResend={endpoint.enabled}
            awaited={testState.queued}
          />
        </div>
      </details>
      <RollSecretDialog
        endpointId={endpoint.id}
        url={endpoint.url}
        open={dialog === 'roll'}
        onClose={() => setDialog(null)}
        action={roll}
      />
      <Dialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title="Delete this endpoint?"
        description={
          <>
            No more events are sent to <span className="break-all font-mono">{endpoint.url}</span>, and its delivery log
            is deleted. This cannot be undone.
          </>
        }
      >
        <form action={remove} onSubmit={() => setDialog(null)} className="flex justify-end gap-2">
          <input type="hidden" name="endpointId" value={endpoint.id} />
          <Button variant="secondary" autoFocus onClick={() => setDialog(null)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={deleting}>
            Delete endpoint
          </Button>
        </form>
      </Dialog>
    </article>
  );
}
