'use client';

import type { ReactNode } from 'react';

import { ApiKeyStatusBadge } from '@/components/keys/api-key-status-badge';
import { Button } from '@/components/ui/button';
import { scopesInWords } from '@/components/keys/key-scopes-in-words';
import { formatAmount } from '@/lib/money';
import { DateTime } from '@/components/ui/date-time';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

export type ApiKeyRowProps = {
  apiKey: ApiKeyRecord;
  /** The key's name in buttons' labels: unique on the page ("Revoke production"). */
  label: string;
  busy: boolean;
  /** Past its expiry or a roll's grace end (judged on the server, as the page was made). */
  expired: boolean;
  /** The key that replaced this one in a roll: this one is ending (or ended) and is not rolled again. */
  replacedBy: ApiKeyRecord | null;
  /** The key this one replaced in a roll, listed right below it. */
  replaces: ApiKeyRecord | null;
  toggleAction: (formData: FormData) => void;
  onToggle: (keyId: string) => void;
  onDelete: (key: ApiKeyRecord) => void;
  onRoll: (key: ApiKeyRecord) => void;
  onManage: (key: ApiKeyRecord) => void;
};

// Below md each row is a card: cells stack with their column's name in front (the header row is
// there for screen readers only), and the actions sit full width at the bottom, never off-screen.
const cellClass = 'px-3 py-2 align-middle max-md:flex max-md:items-baseline max-md:gap-2 max-md:p-0';

function CardLabel({ children }: { children: ReactNode }) {
  return <span className="w-20 shrink-0 text-muted md:hidden">{children}</span>;
}

/** One key: a table row on wide screens, a card on phones. */
export function ApiKeyRow({
  apiKey: key,
  label,
  busy,
  expired,
  replacedBy,
  replaces,
  toggleAction,
  onToggle,
  onDelete,
  onRoll,
  onManage,
}: ApiKeyRowProps) {
  const active = key.status === 'active';
  const toggleText = active ? 'Revoke' : 'Re-enable';
  // Being replaced: a roll made a newer key and this one works only until its end.
  const ending = replacedBy !== null && !expired;
  return (
    <tr
      data-key-id={key.id}
      data-replaced-by={replacedBy?.id}
      // A replaced key hangs under its successor: no line between them, and indented on wide screens.
      className={`${replacedBy ? 'md:[&>td:first-child]:pl-8' : 'border-t border-border'} max-md:flex max-md:flex-col max-md:gap-1.5 max-md:rounded-lg max-md:border max-md:border-border max-md:bg-raised max-md:p-3 ${replacedBy ? 'max-md:-mt-2 max-md:ml-4 max-md:border-dashed' : ''}`}
    >
      <td className={`${cellClass} font-medium [overflow-wrap:anywhere] max-md:text-base`}>
        {replacedBy ? (
          <span aria-hidden="true" className="mr-1 text-muted">
            ↳
          </span>
        ) : null}
        {key.name ?? <span className="text-muted">Untitled</span>}
        {replacedBy ? (
          <span data-testid="key-replaced-by" className="block text-xs font-normal text-muted">
            Replaced by{' '}
            <span className="font-mono">
              {replacedBy.prefix}…{replacedBy.last4}
            </span>
          </span>
        ) : null}
        {replaces ? (
          <span data-testid="key-replaces" className="block text-xs font-normal text-muted">
            Replaces{' '}
            <span className="font-mono">
              {replaces.prefix}…{replaces.last4}
            </span>
          </span>
        ) : null}
        {key.scopes.length ? (
          <span data-testid="key-scopes" className="block text-xs font-normal text-muted">
            Restricted to {scopesInWords(key.scopes)}
          </span>
        ) : null}
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <CardLabel>Key</CardLabel>
        <span data-testid="key-display" className="font-mono">
          {key.prefix}…{key.last4}
        </span>
      </td>
      <td className={cellClass}>
        <CardLabel>Status</CardLabel>
        <span className="flex flex-col gap-0.5">
          <span>
            <ApiKeyStatusBadge status={key.status} expired={expired} ending={ending} />
          </span>
          {key.expiresAt ? (
            <span data-testid="key-expiry" className="text-xs text-muted">
              {expired ? 'Ended' : 'Ends'} <DateTime value={key.expiresAt} />
            </span>
          ) : null}
          {key.monthlyLimitMicros !== null ? (
            <span data-testid="key-limit" className="text-xs text-muted">
              Limit {formatAmount(key.monthlyLimitMicros)} a month
            </span>
          ) : null}
        </span>
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <CardLabel>Created</CardLabel>
        <DateTime value={key.createdAt} />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <CardLabel>Last used</CardLabel>
        <DateTime value={key.lastUsedAt} precise />
      </td>
      <td className={`${cellClass} max-md:mt-2`}>
        <div className="flex w-full flex-wrap justify-end gap-2 max-md:justify-stretch">
          {active && !expired && !replacedBy ? (
            <Button
              variant="secondary"
              size="sm"
              className="max-md:flex-1"
              aria-disabled={busy}
              data-key-action="roll"
              aria-label={`Roll ${label}`}
              onClick={() => !busy && onRoll(key)}
            >
              Roll
            </Button>
          ) : null}
          {!expired ? (
            <Button
              variant="secondary"
              size="sm"
              className="max-md:flex-1"
              aria-disabled={busy}
              data-key-action="manage"
              aria-label={`Manage ${label}`}
              onClick={() => !busy && onManage(key)}
            >
              Manage
            </Button>
          ) : null}
          {!expired ? (
            <form
              action={toggleAction}
              className="max-md:flex-1"
              onSubmit={(event) => {
                // aria-disabled, not disabled: a disabled button would drop the focus on <body>.
                if (busy) event.preventDefault();
                else onToggle(key.id);
              }}
            >
              <input type="hidden" name="keyId" value={key.id} />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                className="w-full"
                aria-disabled={busy}
                data-key-action="toggle"
                aria-label={`${toggleText} ${label}`}
              >
                {toggleText}
              </Button>
            </form>
          ) : null}
          <Button
            variant="danger"
            size="sm"
            className="max-md:flex-1"
            aria-disabled={busy}
            data-key-action="delete"
            aria-label={`Delete ${label}`}
            onClick={() => {
              if (!busy) onDelete(key);
            }}
          >
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
}
