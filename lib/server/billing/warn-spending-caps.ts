import 'server-only';

import { db } from '@/lib/db';
import { spendingCapNotice } from '@/lib/server/mail/billing-notices';

import { mailAccount } from './mail-account';
import { billingMonth } from '@/lib/utc-month';

export type WarnSpendingCapsOptions = { now?: Date };

/** The warning a spend is worth against its cap: 100 once reached, 80 from 80 %, else none. */
export function capThreshold(spentMicros: bigint, capMicros: bigint): 80 | 100 | null {
  if (capMicros <= 0n || spentMicros * 100n >= capMicros * 100n) return 100;
  return spentMicros * 100n >= capMicros * 80n ? 80 : null;
}

/**
 * Mails each account whose spend this UTC day or month reached 80 % or 100 % of a cap it set,
 * once per period, cap and threshold (the highest reached: an account past both hears of 100 %
 * only). Spend is the ledger's, as the caps and /billing read it: UsageDaily for the day,
 * UsageMonthly for the month. A cap that refused a call this period (SpendingCapReached, written
 * by the API's reserve_call) counts as reached at 100 %, whatever the spend: a call holds its
 * largest cost, so the calls refused come short of the cap. The number of mails queued.
 */
export async function warnSpendingCaps({ now = new Date() }: WarnSpendingCapsOptions = {}): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const month = billingMonth(now);
  const accounts = await db.account.findMany({
    where: { deletedAt: null, OR: [{ dailyCapMicros: { not: null } }, { monthlyCapMicros: { not: null } }] },
    select: { id: true, dailyCapMicros: true, monthlyCapMicros: true },
  });
  if (!accounts.length) return 0;
  const ids = accounts.map((a) => a.id);
  const [daily, monthly, reached] = await Promise.all([
    db.usageDaily.groupBy({
      by: ['accountId'],
      where: { accountId: { in: ids }, day: new Date(`${day}T00:00:00Z`) },
      _sum: { amountMicros: true },
    }),
    db.usageMonthly.groupBy({
      by: ['accountId'],
      where: { accountId: { in: ids }, month },
      _sum: { amountMicros: true },
    }),
    db.spendingCapReached.findMany({
      where: { accountId: { in: ids }, periodLabel: { in: [day, month] } },
      select: { accountId: true, period: true, capMicros: true },
    }),
  ]);
  const spend = (rows: typeof daily, accountId: string) =>
    rows.find((r) => r.accountId === accountId)?._sum.amountMicros ?? 0n;
  let sent = 0;
  for (const account of accounts) {
    const periods = [
      {
        period: 'daily' as const,
        periodLabel: day,
        capMicros: account.dailyCapMicros,
        spentMicros: spend(daily, account.id),
      },
      {
        period: 'monthly' as const,
        periodLabel: month,
        capMicros: account.monthlyCapMicros,
        spentMicros: spend(monthly, account.id),
      },
    ];
    for (const { period, periodLabel, capMicros, spentMicros } of periods) {
      if (capMicros === null) continue;
      const refused = reached.some(
        (r) => r.accountId === account.id && r.period === period && r.capMicros === capMicros,
      );
      const threshold = refused ? 100 : capThreshold(spentMicros, capMicros);
      if (!threshold) continue;
      sent += await mailAccount({
        accountId: account.id,
        onceKey: `spending-cap:${account.id}:${period}:${periodLabel}:${capMicros}:${threshold}`,
        notice: spendingCapNotice({ period, threshold, spentMicros, capMicros, periodLabel }),
      });
    }
  }
  return sent;
}
