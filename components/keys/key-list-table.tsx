// The table of the account's keys (or that there is none yet), a key beside the one it replaced
// or was replaced by; on narrow screens each row is a card.
import type { Ref } from 'react';

import { ApiKeyRow, type ApiKeyRowProps } from '@/components/keys/api-key-row';
import { TH } from '@/components/ui/table';
import type { KeyInLineage } from '@/lib/api-key-lineage';
import type { ApiKeyRecord } from '@/lib/server/keys/api-key-select';

type RowActions = Pick<ApiKeyRowProps, 'busy' | 'onRoll' | 'onManage' | 'onToggle' | 'onDelete'>;

export function KeyListTable({
  listRef,
  ordered,
  labels,
  isExpired,
  revokeAction,
  reenableAction,
  busy,
  onRoll,
  onManage,
  onToggle,
  onDelete,
}: RowActions & {
  listRef: Ref<HTMLDivElement>;
  ordered: KeyInLineage<ApiKeyRecord>[];
  labels: Map<string, string>;
  isExpired: (key: ApiKeyRecord) => boolean;
  revokeAction: ApiKeyRowProps['toggleAction'];
  reenableAction: ApiKeyRowProps['toggleAction'];
}) {
  if (ordered.length === 0)
    return (
      <div className="rounded-lg border border-dashed border-border bg-surface p-6 text-center">
        <p className="font-medium">No API keys yet</p>
        <p className="mt-1 text-sm text-muted">Create a key above to start calling the API.</p>
      </div>
    );
  return (
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
              onRoll={onRoll}
              onManage={onManage}
              toggleAction={key.status === 'active' ? revokeAction : reenableAction}
              onToggle={onToggle}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
