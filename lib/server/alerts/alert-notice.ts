// What a usage alert's mail and activity line say. The account's cap alerts keep the spending-cap
// warning's wording (spendingCapNotice); the others name the key, the endpoint and the basis.
import 'server-only';

import type { UsageAlertBasis, UsageAlertMetric, UsageAlertPeriod } from '@/lib/generated/prisma/client';
import { formatAmount } from '@/lib/money';
import { consoleUrl } from '@/lib/server/account/console-url';
import { spendingCapNotice } from '@/lib/server/billing/billing-notices';
import type { Notice } from '@/lib/server/mail/mail-account';

export type AlertFacts = {
  metric: UsageAlertMetric;
  period: UsageAlertPeriod;
  basis: UsageAlertBasis;
  endpoint: string | null;
  /** "name (ak_live_AbCd…wxyz)" for a key's alert, null for the account's. */
  keyLabel: string | null;
  periodLabel: string;
  threshold: number;
  value: bigint;
  base: bigint;
};

const quantity = (metric: UsageAlertMetric, value: bigint) =>
  metric === 'spend' ? formatAmount(value) : `${value.toLocaleString('en-US')} units`;

/** The mail for one alert's threshold, reached in one period. */
export function usageAlertNotice(alert: AlertFacts): Notice {
  if (alert.basis === 'cap') {
    return spendingCapNotice({
      period: alert.period === 'day' ? 'daily' : 'monthly',
      threshold: alert.threshold,
      spentMicros: alert.value,
      capMicros: alert.base,
      periodLabel: alert.periodLabel,
    });
  }
  const who = alert.keyLabel ? `the key ${alert.keyLabel}` : 'your account';
  const what = `${alert.metric === 'spend' ? 'spend' : 'units'}${alert.endpoint ? ` on ${alert.endpoint}` : ''}`;
  const of =
    alert.basis === 'key_limit'
      ? `its monthly limit of ${formatAmount(alert.base)}`
      : `your alert's ${alert.period === 'day' ? 'daily' : 'monthly'} amount of ${quantity(alert.metric, alert.base)}`;
  const when = alert.period === 'day' ? 'today' : 'this month';
  const subject =
    alert.basis === 'key_limit'
      ? `Usage alert: ${who} used ${alert.threshold}% of its monthly limit`
      : `Usage alert: ${who} reached ${alert.threshold === 100 ? '' : `${alert.threshold}% of `}${quantity(alert.metric, alert.base)}${alert.endpoint ? ` on ${alert.endpoint}` : ''} ${when}`;
  return {
    subject,
    text: [
      `The ${what} of ${who} for ${alert.periodLabel} (UTC) is ${quantity(alert.metric, alert.value)}: ${alert.threshold}% of ${of}.`,
      alert.basis === 'key_limit'
        ? 'At the limit, calls with the key that could take it further answer 429 key_limit_exceeded.'
        : 'This alert only tells you; it stops no calls.',
      '',
      `Your alerts: ${consoleUrl('/billing#alerts-heading')}`,
      '',
      '— Public Data API',
    ].join('\n'),
  };
}
