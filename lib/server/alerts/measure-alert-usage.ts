import 'server-only';

import { db } from '@/lib/db';

import type { AlertPeriods } from './alert-periods';

/** One slice of usage an alert may count: an account's (or one key's) endpoint in a period. */
export type UsageSlice = { accountId: string; apiKeyId: string | null; endpoint: string; spend: bigint; units: bigint };
export type AlertUsage = { day: UsageSlice[]; month: UsageSlice[] };

/**
 * The day's and the month's spend and units of these accounts by endpoint (the ledger's rollups,
 * as the caps and /billing read them: UsageDaily for the day, UsageMonthly for the month), and of
 * these keys by endpoint. Four grouped reads, whatever the number of alerts.
 */
export async function measureAlertUsage(
  accountIds: string[],
  keyIds: string[],
  periods: AlertPeriods,
): Promise<AlertUsage> {
  const sum = { amountMicros: true, units: true } as const;
  const [accountDay, accountMonth, keyDay, keyMonth] = await Promise.all([
    db.usageDaily.groupBy({
      by: ['accountId', 'endpoint'],
      where: { accountId: { in: accountIds }, day: periods.dayStart },
      _sum: sum,
    }),
    db.usageMonthly.groupBy({
      by: ['accountId', 'endpoint'],
      where: { accountId: { in: accountIds }, month: periods.month },
      _sum: sum,
    }),
    keyIds.length
      ? db.usageDaily.groupBy({
          by: ['accountId', 'apiKeyId', 'endpoint'],
          where: { apiKeyId: { in: keyIds }, day: periods.dayStart },
          _sum: sum,
        })
      : [],
    keyIds.length
      ? db.usageDaily.groupBy({
          by: ['accountId', 'apiKeyId', 'endpoint'],
          where: { apiKeyId: { in: keyIds }, day: { gte: periods.monthStart, lte: periods.dayStart } },
          _sum: sum,
        })
      : [],
  ]);
  type Row = {
    accountId: string;
    apiKeyId?: string;
    endpoint: string;
    _sum: { amountMicros: bigint | null; units: number | null };
  };
  const slice = (row: Row): UsageSlice => ({
    accountId: row.accountId,
    apiKeyId: row.apiKeyId ?? null,
    endpoint: row.endpoint,
    spend: row._sum.amountMicros ?? 0n,
    units: BigInt(row._sum.units ?? 0),
  });
  return { day: [...accountDay, ...keyDay].map(slice), month: [...accountMonth, ...keyMonth].map(slice) };
}
