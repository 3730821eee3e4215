'use client';

import { useMemo } from 'react';

import { formatPrice } from '@/lib/money';
import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { batchCost, batchPaidPaths, type BatchItemCost } from '@/lib/explorer/batch-cost';
import { useFetched } from '@/components/explorer/use-fetched';
import { fetchFreeUnits, freeUnitsKey } from '@/components/explorer/usage-queries';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function itemCostText(item: BatchItemCost): string {
  const { model, cost } = item;
  if (!model) return 'no data endpoint here: answered 404, billed nothing';
  if (model.priceMicros === 0) return 'free';
  const surcharge = cost.surchargeMicros > 0 ? ` + sentiment ${formatPrice(cost.surchargeMicros)}` : '';
  return `${formatPrice(cost.totalMicros)}: ${plural(cost.units, model.billingUnit)} × ${formatPrice(model.priceMicros)}${surcharge}`;
}

function itemFreeText(item: BatchItemCost, isError: boolean): string {
  if (!item.model || item.model.priceMicros === 0) return 'no free units used';
  if (item.freeUnits === null) return isError ? 'free units unavailable' : 'free units loading…';
  return `uses ${plural(item.freeUnits, 'free unit')}`;
}

/**
 * POST /v1/batch: the sum of the items' largest costs, and the free units each item would use,
 * item by item (every item is billed as if called alone).
 */
export function BatchCostPreview({ body, byPath }: { body: string; byPath: ReadonlyMap<string, EndpointModel> }) {
  const paths = useMemo(() => batchPaidPaths(body, byPath), [body, byPath]);
  const free = useFetched(paths.length > 0 ? freeUnitsKey(`batch:${paths.join(',')}`) : null, () =>
    Promise.all(paths.map(async (path) => [path, (await fetchFreeUnits(path)).freeUnitsLeft] as const)),
  );
  const freeLeft = useMemo(
    () => (paths.length === 0 ? new Map() : free.data ? new Map(free.data) : null),
    [paths, free.data],
  );
  const cost = batchCost(body, byPath, freeLeft);
  return (
    <div data-money="price" className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium text-muted">Maximum cost of this batch</dt>
          <dd data-testid="max-cost" className="font-semibold tabular-nums">
            {cost.ok ? formatPrice(cost.totalMicros) : 'Not known yet'}
          </dd>
          <dd className="text-xs text-muted">
            {cost.ok
              ? `${plural(cost.items.length, 'item')}, each billed as if called alone: the sum of their largest costs, before free units`
              : `Cannot read the items: ${cost.reason}`}
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="text-xs font-medium text-muted">Free units it would use</dt>
          <dd data-testid="batch-free-units" className="font-semibold tabular-nums">
            {!cost.ok ? '—' : cost.freeUnits !== null ? cost.freeUnits : free.isError ? 'Unavailable' : 'Loading…'}
          </dd>
          <dd className="text-xs text-muted">Of each endpoint's free units left this UTC month, item by item</dd>
        </div>
      </dl>
      {cost.ok ? (
        <ol
          aria-label="Cost of each item"
          // A list long enough to scroll must be reachable by keyboard.
          tabIndex={cost.items.length > 8 ? 0 : undefined}
          className="flex max-h-60 flex-col gap-1 overflow-y-auto border-t border-border pt-2 text-xs"
        >
          {cost.items.map((item) => (
            <li key={item.index} data-testid="batch-cost-item" className="flex flex-wrap gap-x-2">
              <span className="tabular-nums text-muted">{item.index + 1}.</span>
              <code className="break-all font-mono">{item.path || '(no path)'}</code>
              <span className="tabular-nums">{itemCostText(item)}</span>
              <span className="text-muted">· {itemFreeText(item, free.isError)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
