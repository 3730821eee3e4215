'use client';

import { useActionState, useEffect, useRef, useState } from 'react';

import { ApiKeyStatusBadge } from '@/components/api-key-status-badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Dialog } from '@/components/ui/dialog';
import { Table, TD, TH, THead, TR } from '@/components/ui/table';
import { deleteApiKeyAction, reenableApiKeyAction, revokeApiKeyAction } from '@/lib/actions/api-keys';
import type { ActionState } from '@/lib/actions/action-state';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

const idle: ActionState = { status: 'idle' };

function keyLabel(key: Pick<ApiKeyRecord, 'name' | 'prefix' | 'last4'>): string {
  return key.name ?? `${key.prefix}…${key.last4}`;
}

/** The account's keys with revoke, re-enable and (confirmed) delete. */
export function ApiKeyTable({ keys }: { keys: ApiKeyRecord[] }) {
  const [revokeState, revokeAction, revoking] = useActionState(revokeApiKeyAction, idle);
  const [reenableState, reenableAction, reenabling] = useActionState(reenableApiKeyAction, idle);
  const [deleteState, deleteAction, deleting] = useActionState(deleteApiKeyAction, idle);
  const [announcement, setAnnouncement] = useState<ActionState>(idle);
  const [toDelete, setToDelete] = useState<ApiKeyRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = revoking || reenabling || deleting;

  useEffect(() => setAnnouncement(revokeState), [revokeState]);
  useEffect(() => setAnnouncement(reenableState), [reenableState]);
  useEffect(() => {
    setAnnouncement(deleteState);
    // The deleted row and its button are gone: move focus somewhere meaningful.
    if (deleteState.status === 'success') headingRef.current?.focus();
  }, [deleteState]);

  return (
    <section aria-labelledby="keys-heading" className="flex flex-col gap-3">
      <h2 id="keys-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        Your keys <span className="text-sm font-normal text-muted">({keys.length} of 10)</span>
      </h2>
      <p aria-live="polite" role="status" className="min-h-5 text-sm">
        {announcement.message ? (
          <span className={announcement.status === 'error' ? 'text-danger' : 'text-success'}>{announcement.message}</span>
        ) : null}
      </p>
      {keys.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border bg-surface p-6 text-center">
          <p className="font-medium">No API keys yet</p>
          <p className="mt-1 text-sm text-muted">Create a key above to start calling the API.</p>
        </div>
      ) : (
        <Table caption="API keys">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Key</TH>
              <TH>Status</TH>
              <TH>Created</TH>
              <TH>Last used</TH>
              <TH className="text-right">Actions</TH>
            </tr>
          </THead>
          <tbody>
            {keys.map((key) => (
              <TR key={key.id} data-key-id={key.id}>
                <TD className="font-medium">{key.name ?? <span className="text-muted">Untitled</span>}</TD>
                <TD className="font-mono whitespace-nowrap">
                  {key.prefix}…{key.last4}
                </TD>
                <TD>
                  <ApiKeyStatusBadge status={key.status} />
                </TD>
                <TD className="whitespace-nowrap">
                  <DateTime value={key.createdAt} />
                </TD>
                <TD className="whitespace-nowrap">
                  <DateTime value={key.lastUsedAt} />
                </TD>
                <TD>
                  <div className="flex justify-end gap-2">
                    <form action={key.status === 'active' ? revokeAction : reenableAction}>
                      <input type="hidden" name="keyId" value={key.id} />
                      <Button type="submit" variant="secondary" size="sm" disabled={busy} aria-label={`${key.status === 'active' ? 'Revoke' : 'Re-enable'} ${keyLabel(key)}`}>
                        {key.status === 'active' ? 'Revoke' : 'Re-enable'}
                      </Button>
                    </form>
                    <Button
                      variant="danger"
                      size="sm"
                      disabled={busy}
                      aria-label={`Delete ${keyLabel(key)}`}
                      onClick={() => {
                        setToDelete(key);
                        setDialogOpen(true);
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </TD>
              </TR>
            ))}
          </tbody>
        </Table>
      )}
      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Delete this key?"
        description={
          toDelete ? (
            <>
              <span className="font-mono">{toDelete.prefix}…{toDelete.last4}</span>
              {toDelete.name ? ` (${toDelete.name})` : ''} will stop working at once and cannot be restored.
              Requests with it will answer “Invalid API key”.
            </>
          ) : null
        }
      >
        <form action={deleteAction} onSubmit={() => setDialogOpen(false)} className="flex justify-end gap-2">
          <input type="hidden" name="keyId" value={toDelete?.id ?? ''} />
          <Button variant="secondary" autoFocus onClick={() => setDialogOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger">
            Delete key
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
