'use client';

import { useActionState, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';

import { ApiKeyRow } from '@/components/keys/api-key-row';
import { KeyMenuDialog } from '@/components/keys/key-menu-dialog';
import { KeyRollDialog } from '@/components/keys/key-roll-dialog';
import { KEYS_HEADING_ID, useKeyStatus } from '@/components/keys/key-status';
import { NewKeyPanel } from '@/components/keys/new-key-panel';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TH } from '@/components/ui/table';
import {
  deleteApiKeyAction,
  deleteExpiredApiKeysAction,
  reenableApiKeyAction,
  revokeApiKeyAction,
  rollApiKeyAction,
} from '@/lib/actions/api-keys';
import { orderByLineage } from '@/lib/api-key-lineage';
import type { ActionState } from '@/lib/actions/action-state';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

const idle: ActionState = { status: 'idle' };

/**
 * Each key's name for buttons' labels. Names are unique among live keys, but keys made before
 * that rule may share one: those (and unnamed keys) are told apart by prefix and last four.
 */
function keyLabels(keys: ApiKeyRecord[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const key of keys)
    if (key.name) counts.set(key.name.toLowerCase(), (counts.get(key.name.toLowerCase()) ?? 0) + 1);
  return new Map(
    keys.map((key) => {
      const display = `${key.prefix}…${key.last4}`;
      if (!key.name) return [key.id, display];
      return [key.id, (counts.get(key.name.toLowerCase()) ?? 0) > 1 ? `${key.name} (${display})` : key.name];
    }),
  );
}

/**
 * The account's keys with roll, manage (expiry and limit), revoke, re-enable and (confirmed)
 * delete. `now` is the page's time on the server: keys past their end are shown as expired.
 */
export function ApiKeyTable({ keys, now, liveCount }: { keys: ApiKeyRecord[]; now: number; liveCount: number }) {
  const [revokeState, revokeAction, revoking] = useActionState(revokeApiKeyAction, idle);
  const [reenableState, reenableAction, reenabling] = useActionState(reenableApiKeyAction, idle);
  const [deleteState, deleteAction, deleting] = useActionState(deleteApiKeyAction, idle);
  const [rollState, rollAction, rolling] = useActionState(rollApiKeyAction, idle);
  const [clearState, clearAction, clearing] = useActionState(deleteExpiredApiKeysAction, idle);
  const [clearOpen, setClearOpen] = useState(false);
  const [toRoll, setToRoll] = useState<ApiKeyRecord | null>(null);
  const [rollOpen, setRollOpen] = useState(false);
  const [toManage, setToManage] = useState<ApiKeyRecord | null>(null);
  const [manageOpen, setManageOpen] = useState(false);
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const rolledKey = rollState.createdKey && rollState.createdKey !== dismissedKey ? rollState.createdKey : null;
  const closeManage = useCallback(() => setManageOpen(false), []);
  const { announce } = useKeyStatus();
  const [toDelete, setToDelete] = useState<ApiKeyRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The key whose revoke or re-enable was submitted last: its new action gets the focus.
  const changedKey = useRef<string | null>(null);
  const busy = revoking || reenabling || deleting || rolling || clearing;
  const labels = useMemo(() => keyLabels(keys), [keys]);
  const ordered = useMemo(() => orderByLineage(keys), [keys]);
  const isExpired = (key: ApiKeyRecord) => key.expiresAt !== null && key.expiresAt.getTime() <= now;
  const expiredKeys = keys.filter(isExpired);

  // A revoke or re-enable is reported; on success the row's button now offers the opposite
  // action ("Re-enable" after "Revoke"), and the focus stays on it rather than falling to <body>.
  const reportChange = useEffectEvent((state: ActionState) => {
    if (!state.message) return;
    announce({ tone: state.status === 'error' ? 'error' : 'success', text: state.message });
    const keyId = changedKey.current;
    if (state.status !== 'success' || !keyId) return;
    listRef.current
      ?.querySelector<HTMLElement>(`tr[data-key-id="${CSS.escape(keyId)}"] [data-key-action="toggle"]`)
      ?.focus();
  });
  useEffect(() => reportChange(revokeState), [revokeState]);
  useEffect(() => reportChange(reenableState), [reenableState]);
  useEffect(() => {
    if (rollState.message)
      announce({ tone: rollState.status === 'error' ? 'error' : 'success', text: rollState.message });
  }, [rollState, announce]);
  useEffect(() => {
    if (!clearState.message) return;
    announce({ tone: clearState.status === 'error' ? 'error' : 'success', text: clearState.message });
    if (clearState.status === 'success') headingRef.current?.focus();
  }, [clearState, announce]);
  useEffect(() => {
    if (!deleteState.message) return;
    announce({ tone: deleteState.status === 'error' ? 'error' : 'success', text: deleteState.message });
    // The deleted row and its button are gone: continue at the list's heading.
    if (deleteState.status === 'success') headingRef.current?.focus();
  }, [deleteState, announce]);

  return (
    <section aria-labelledby={KEYS_HEADING_ID} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={KEYS_HEADING_ID} ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
          Your keys <span className="text-sm font-normal text-muted">({liveCount} of 10)</span>
        </h2>
        {expiredKeys.length ? (
          <Button variant="danger" size="sm" aria-disabled={busy} onClick={() => !busy && setClearOpen(true)}>
            Delete expired keys ({expiredKeys.length})
          </Button>
        ) : null}
      </div>
      {rolledKey ? (
        <NewKeyPanel
          apiKey={rolledKey}
          onDismiss={() => {
            setDismissedKey(rolledKey);
            headingRef.current?.focus();
          }}
        />
      ) : null}
      {keys.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border bg-surface p-6 text-center">
          <p className="font-medium">No API keys yet</p>
          <p className="mt-1 text-sm text-muted">Create a key above to start calling the API.</p>
        </div>
      ) : (
        <div
          ref={listRef}
          role="region"
          aria-label="API keys"
          tabIndex={0}
          className="md:overflow-x-auto md:rounded-lg md:border md:border-border"
        >
          <table className="w-full border-collapse text-left text-sm max-md:block">
            <caption className="sr-only">API keys</caption>
            <thead className="bg-surface text-muted max-md:sr-only">
              <tr>
                <TH>Name</TH>
                <TH>Key</TH>
                <TH>Status</TH>
                <TH>Created</TH>
                <TH>Last used</TH>
                <TH className="text-right">Actions</TH>
              </tr>
            </thead>
            <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
              {ordered.map(({ key, replacedBy, replaces }) => (
                <ApiKeyRow
                  key={key.id}
                  apiKey={key}
                  label={labels.get(key.id) ?? key.id}
                  busy={busy}
                  expired={isExpired(key)}
                  replacedBy={replacedBy}
                  replaces={replaces}
                  onRoll={(record) => {
                    setToRoll(record);
                    setRollOpen(true);
                  }}
                  onManage={(record) => {
                    setToManage(record);
                    setManageOpen(true);
                  }}
                  toggleAction={key.status === 'active' ? revokeAction : reenableAction}
                  onToggle={(keyId) => {
                    changedKey.current = keyId;
                  }}
                  onDelete={(record) => {
                    setToDelete(record);
                    setDialogOpen(true);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <KeyRollDialog
        apiKey={toRoll}
        label={toRoll ? (labels.get(toRoll.id) ?? '') : ''}
        open={rollOpen}
        onClose={() => setRollOpen(false)}
        action={rollAction}
      />
      <KeyMenuDialog
        apiKey={toManage}
        label={toManage ? (labels.get(toManage.id) ?? '') : ''}
        open={manageOpen}
        onClose={closeManage}
      />
      <Dialog
        open={clearOpen}
        onClose={() => setClearOpen(false)}
        title={`Delete ${expiredKeys.length} expired ${expiredKeys.length === 1 ? 'key' : 'keys'}?`}
        description="They no longer work and cannot be restored. Their calls stay in your usage."
      >
        <form action={clearAction} onSubmit={() => setClearOpen(false)} className="flex flex-col gap-4">
          <ul aria-label="Expired keys" className="flex flex-col gap-1 text-sm">
            {expiredKeys.map((key) => (
              <li key={key.id}>
                <input type="hidden" name="keyId" value={key.id} />
                <span className="font-mono">
                  {key.prefix}…{key.last4}
                </span>
                {key.name ? ` (${key.name})` : ''}
              </li>
            ))}
          </ul>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" autoFocus onClick={() => setClearOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive">
              Delete expired keys
            </Button>
          </div>
        </form>
      </Dialog>
      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Delete this key?"
        description={
          toDelete ? (
            <>
              <span className="font-mono">
                {toDelete.prefix}…{toDelete.last4}
              </span>
              {toDelete.name ? ` (${toDelete.name})` : ''} will stop working at once and cannot be restored. Requests
              with it will answer “Invalid API key”.
            </>
          ) : null
        }
      >
        <form action={deleteAction} onSubmit={() => setDialogOpen(false)} className="flex justify-end gap-2">
          <input type="hidden" name="keyId" value={toDelete?.id ?? ''} />
          <Button variant="secondary" autoFocus onClick={() => setDialogOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive">
            Delete key
          </Button>
        </form>
      </Dialog>
    </section>
  );
}
