import type { MonthEndEstimate } from '@/lib/server/billing/month-end-estimate';
import { formatAmount } from '@/lib/money';

/**
 * The month's calls estimated to its end, in the same words on the dashboard, /usage and /billing
 * (lib/server/billing/month-end-estimate.ts): an estimate of the whole month's calls, not of an invoice.
 */
function monthEndEstimateText(estimate: MonthEndEstimate): string {
  if (estimate.kind === 'blocked')
    return `No estimate for ${estimate.month}: the account is blocked, so its calls are refused and nothing more is billed.`;
  return `Calls in ${estimate.month}, estimated to the month's end at this pace: about ${formatAmount(estimate.estimateMicros)}${
    estimate.capped ? ' (your monthly cap: calls past it are refused)' : ''
  }.`;
}

export function MonthEndEstimateText({ estimate, className }: { estimate: MonthEndEstimate; className?: string }) {
  return (
    <p data-testid="month-end-estimate" className={className}>
      {monthEndEstimateText(estimate)}
    </p>
  );
}
