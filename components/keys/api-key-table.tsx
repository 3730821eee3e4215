'use client';

import { useActionState, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';

import { DeleteExpiredKeysDialog, DeleteKeyDialog } from '@/components/keys/key-delete-dialogs';
import { keyLabels } from '@/components/keys/key-labels';
import { KeyListTable } from '@/components/keys/key-list-table';
import { KeyMenuDialog } from '@/components/keys/key-menu-dialog';
import { KeyRollDialog } from '@/components/keys/key-roll-dialog';
import { KEYS_HEADING_ID, useKeyStatus } from '@/components/keys/key-status';
import { NewKeyPanel } from '@/components/keys/new-key-panel';
import { Button } from '@/components/ui/button';
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
  // A deletion is reported; the deleted rows and their buttons are gone: continue at the list's heading.
  const reportRemoval = useEffectEvent((state: ActionState) => {
    if (!state.message) return;
    announce({ tone: state.status === 'error' ? 'error' : 'success', text: state.message });
    if (state.status === 'success') headingRef.current?.focus();
  });
  useEffect(() => reportRemoval(clearState), [clearState]);
  useEffect(() => reportRemoval(deleteState), [deleteState]);

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
      <KeyListTable
        listRef={listRef}
        ordered={ordered}
        labels={labels}
        isExpired={isExpired}
        revokeAction={revokeAction}
        reenableAction={reenableAction}
        busy={busy}
        onRoll={(record) => {
          setToRoll(record);
          setRollOpen(true);
        }}
        onManage={(record) => {
          setToManage(record);
          setManageOpen(true);
        }}
        onToggle={(keyId) => {
          changedKey.current = keyId;
        }}
        onDelete={(record) => {
          setToDelete(record);
          setDialogOpen(true);
        }}
      />
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
      <DeleteExpiredKeysDialog
        keys={expiredKeys}
        open={clearOpen}
        onClose={() => setClearOpen(false)}
        action={clearAction}
      />
      <DeleteKeyDialog apiKey={toDelete} open={dialogOpen} onClose={() => setDialogOpen(false)} action={deleteAction} />
    </section>
  );
}
