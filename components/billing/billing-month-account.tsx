import type { MonthAccount } from '@/lib/server/billing/month-account';

import { formatAmount, formatCarried } from '@/lib/money';

/**
 * What no invoice has charged yet, part by part (this month's calls, a past month's calls still
 * to be invoiced, an amount carried from an earlier invoice) with their total, and why an amount
 * is carried (Stripe's $0.50 minimum, or fractions of a cent).
 */
export function BillingMonthAccount({ account }: { account: MonthAccount }) {
  const { parts, totalMicros, minimumNote } = account;
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm">
        {parts.map((part) => (
          <div key={part.label} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
            <dt className="text-muted">{part.label}</dt>
            {/* A carried fraction of a cent is written to the tenth of a cent, like a price. */}
            <dd className="ml-auto tabular-nums" data-money={part.kind === 'carried' ? 'price' : undefined}>
              {part.kind === 'carried' ? formatCarried(part.micros) : formatAmount(part.micros)}
            </dd>
          </div>
        ))}
        {parts.length > 1 ? (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 bg-surface px-3 py-2 font-semibold">
            <dt>Total not yet invoiced</dt>
            <dd className="ml-auto tabular-nums">{formatAmount(totalMicros)}</dd>
          </div>
        ) : null}
      </dl>
      {minimumNote ? (
        <p className="text-sm" data-money="price">
          {minimumNote}
        </p>
      ) : null}
    </div>
  );
}
