import type { BillingOverview } from '@/lib/server/billing/get-billing-overview';

import { formatAmount } from '@/lib/money';

/** Warnings at 80 % of a cap and when it is reached. */
export function CapWarnings({ caps }: { caps: BillingOverview['caps'] }) {
  const notes = (['daily', 'monthly'] as const).flatMap((period) => {
    const use = caps[period];
    if (use.level !== 'warning' && use.level !== 'reached') return [];
    const what = period === 'daily' ? "Today's spend" : "This month's spend";
    const text =
      use.level === 'reached'
        ? `${what} (${formatAmount(use.spentMicros)}) has reached your ${period} cap of ${formatAmount(use.capMicros!)}: calls that would cost more are refused.`
        : `${what} is at ${use.percent}% of your ${period} cap (${formatAmount(use.spentMicros)} of ${formatAmount(use.capMicros!)}).`;
    return [{ period, text, reached: use.level === 'reached' }];
  });
  if (!notes.length) return null;
  return (
    <ul className="flex flex-col gap-2">
      {notes.map((n) => (
        <li
          key={n.period}
          className={`rounded-md border p-3 text-sm ${n.reached ? 'border-danger bg-danger-soft' : 'border-warning bg-warning-soft'}`}
        >
          {n.text}
        </li>
      ))}
    </ul>
  );
}
