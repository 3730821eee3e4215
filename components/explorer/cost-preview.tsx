'use client';

import { formatPrice } from '@/lib/money';
import type { EndpointModel } from '@/lib/docs/endpoint-model';
import { maxCost } from '@/lib/explorer/cost';
import type { FormValues } from '@/lib/explorer/form-values';
import { useFetched } from '@/components/explorer/use-fetched';
import { fetchFreeUnits, freeUnitsKey } from '@/components/explorer/usage-queries';

/** What the call will cost at most, and this endpoint's free units left this month. */
export function CostPreview({ model, values }: { model: EndpointModel; values: FormValues }) {
  const cost = maxCost(model, values);
  const free = useFetched(model.priceMicros > 0 ? freeUnitsKey(model.path) : null, () => fetchFreeUnits(model.path));
  const unit = model.billingUnit === 'page' ? 'page' : 'request';
  return (
    <dl data-money="price" className="grid gap-3 rounded-lg border border-border bg-surface p-3 text-sm sm:grid-cols-2">
      <div className="flex flex-col gap-0.5">
        <dt className="text-xs font-medium text-muted">Maximum cost of this call</dt>
        <dd data-testid="max-cost" className="font-semibold tabular-nums">
          {model.priceMicros === 0 ? 'Free' : formatPrice(cost.totalMicros)}
        </dd>
        {model.priceMicros > 0 ? (
          <dd className="text-xs text-muted">
            {cost.units} {unit}
            {cost.units === 1 ? '' : 's'} × {formatPrice(model.priceMicros)}
            {cost.surchargeMicros > 0 ? ` + sentiment ${formatPrice(cost.surchargeMicros)}` : ''}; before free units
          </dd>
        ) : null}
      </div>
      <div className="flex flex-col gap-0.5">
        <dt className="text-xs font-medium text-muted">Free units left this month</dt>
        <dd data-testid="free-units-left" className="font-semibold tabular-nums">
          {model.priceMicros === 0
            ? 'Not needed'
            : free.data
              ? `${free.data.freeUnitsLeft} of ${free.data.freeUnitsPerMonth}`
              : free.isError
                ? 'Unavailable'
                : 'Loading…'}
        </dd>
        <dd className="text-xs text-muted">For {model.path}, this UTC month</dd>
      </div>
    </dl>
  );
}
