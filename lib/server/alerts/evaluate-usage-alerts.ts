import 'server-only';

import { db } from '@/lib/db';
import { usageKeyLabel } from '@/lib/usage-key-label';

import { alertPeriods, periodLabel } from './alert-periods';
import { ensureCapAlerts } from './ensure-cap-alerts';
import { fireUsageAlert } from './fire-usage-alert';
import { measureAlertUsage, type UsageSlice } from './measure-alert-usage';

export type EvaluateUsageAlertsOptions = { now?: Date };

/** The thresholds (ascending) that a value reaches of a base; a base of 0 is reached at once. */
function reachedThresholds(thresholds: number[], value: bigint, base: bigint): number[] {
  return [...thresholds].sort((a, b) => a - b).filter((t) => base <= 0n || value * 100n >= base * BigInt(t));
}

/**
 * Evaluates every usage alert against the spend and units recorded so far this UTC day and month,
 * and fires each threshold reached once per period (fireUsageAlert). Run by the worker after usage
 * is recorded (lib/jobs/evaluate-usage-alerts-task.ts), never on an API request. The spending-cap
 * warnings are the cap alerts: a cap that refused a call this period (SpendingCapReached, written
 * by the API's reserve_call) counts as reached at 100 % whatever the spend, since a call holds its
 * largest cost and the calls refused come short of the cap. The number of mails queued.
 */
export async function evaluateUsageAlerts({ now = new Date() }: EvaluateUsageAlertsOptions = {}): Promise<number> {
  await ensureCapAlerts();
  const periods = alertPeriods(now);
  const alerts = await db.usageAlert.findMany({
    where: {
      account: { deletedAt: null },
      thresholds: { isEmpty: false },
      OR: [{ apiKeyId: null }, { apiKey: { status: 'active' } }],
    },
    include: {
      account: { select: { dailyCapMicros: true, monthlyCapMicros: true } },
      apiKey: {
        select: { id: true, name: true, prefix: true, last4: true, rootKeyId: true, monthlyLimitMicros: true },
      },
    },
  });
  if (!alerts.length) return 0;
  const accountIds = [...new Set(alerts.map((a) => a.accountId))];
  // A key's alert counts its roll lineage, as its monthly limit does.
  const roots = [...new Set(alerts.flatMap((a) => (a.apiKey ? [a.apiKey.rootKeyId ?? a.apiKey.id] : [])))];
  const lineage = roots.length
    ? await db.apiKey.findMany({
        where: { OR: [{ id: { in: roots } }, { rootKeyId: { in: roots } }] },
        select: { id: true, rootKeyId: true },
      })
    : [];
  const [usage, refused, fired] = await Promise.all([
    measureAlertUsage(
      accountIds,
      lineage.map((k) => k.id),
      periods,
    ),
    db.spendingCapReached.findMany({
      where: { accountId: { in: accountIds }, periodLabel: { in: [periods.day, periods.month] } },
      select: { accountId: true, period: true, capMicros: true },
    }),
    db.usageAlertFiring.findMany({
      where: { alertId: { in: alerts.map((a) => a.id) }, period: { in: [periods.day, periods.month] } },
      select: { alertId: true, period: true, threshold: true, base: true },
    }),
  ]);

  let sent = 0;
  for (const alert of alerts) {
    const label = periodLabel(periods, alert.period);
    const base =
      alert.basis === 'cap'
        ? alert.period === 'day'
          ? alert.account.dailyCapMicros
          : alert.account.monthlyCapMicros
        : alert.basis === 'key_limit'
          ? (alert.apiKey?.monthlyLimitMicros ?? null)
          : alert.amount;
    if (base === null) continue;
    const root = alert.apiKey ? (alert.apiKey.rootKeyId ?? alert.apiKey.id) : null;
    const keys = root ? new Set(lineage.filter((k) => k.id === root || k.rootKeyId === root).map((k) => k.id)) : null;
    const counts = (slice: UsageSlice) =>
      slice.accountId === alert.accountId &&
      (keys ? slice.apiKeyId !== null && keys.has(slice.apiKeyId) : slice.apiKeyId === null) &&
      (!alert.endpoint || slice.endpoint === alert.endpoint);
    const value = usage[alert.period]
      .filter(counts)
      .reduce((total, slice) => total + (alert.metric === 'spend' ? slice.spend : slice.units), 0n);
    let reached = reachedThresholds(alert.thresholds, value, base);
    const capRefused =
      alert.basis === 'cap' &&
      refused.some(
        (r) =>
          r.accountId === alert.accountId &&
          r.period === (alert.period === 'day' ? 'daily' : 'monthly') &&
          r.capMicros === base,
      );
    if (capRefused)
      reached = [...new Set([...reached, ...alert.thresholds.filter((t) => t <= 100)])].sort((a, b) => a - b);
    const unfired = reached.filter(
      (t) => !fired.some((f) => f.alertId === alert.id && f.period === label && f.threshold === t && f.base === base),
    );
    if (!unfired.length) continue;
    sent += await fireUsageAlert({
      alert,
      keyLabel: alert.apiKey
        ? usageKeyLabel({ name: alert.apiKey.name, display: `${alert.apiKey.prefix}…${alert.apiKey.last4}` })
        : null,
      periodLabel: label,
      reached,
      value,
      base,
      now,
    });
  }
  return sent;
}
