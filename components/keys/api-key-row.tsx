'use client';

import type { ReactNode } from 'react';

import { ApiKeyStatusBadge } from '@/components/keys/api-key-status-badge';
import { scopesInWords } from '@/components/keys/key-scopes-in-words';
import { formatAmount } from '@/lib/money';
import { DateTime } from '@/components/ui/date-time';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

import { ApiKeyRowActions, type ApiKeyRowActionsProps } from './api-key-row-actions';

export type ApiKeyRowProps = ApiKeyRowActionsProps & {
  /** The key this one replaced in a roll, listed right below it. */
  replaces: ApiKeyRecord | null;
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
        <ApiKeyRowActions
          apiKey={key}
          label={label}
          busy={busy}
          expired={expired}
          replacedBy={replacedBy}
          toggleAction={toggleAction}
          onToggle={onToggle}
          onDelete={onDelete}
          onRoll={onRoll}
          onManage={onManage}
        />
      </td>
    </tr>
  );
}
