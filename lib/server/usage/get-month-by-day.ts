import 'server-only';

import { db } from '@/lib/db';
import { billingMonth, monthRange } from '@/lib/utc-month';

export type GetMonthByDayOptions = { accountId: string; now?: Date };

const DAY_MS = 86_400_000;

/**
 * The current UTC month's calls and spend per day, for the dashboard's small chart: from the
 * daily rollup, which the ledger's own statement writes, so it equals /usage and the invoice.
 * Every day of the month is listed (days to come with zeros); amounts in micro-dollars.
 */
export async function getMonthByDay({ accountId, now = new Date() }: GetMonthByDayOptions) {
  const month = billingMonth(now);
  const [start, end] = monthRange(month);
  const rows = await db.$queryRaw<{ day: Date; calls: number; amountMicros: bigint }[]>`
    SELECT d."day", SUM(d."requests")::int AS calls, SUM(d."amountMicros")::bigint AS "amountMicros"
    FROM "UsageDaily" d
    WHERE d."accountId" = ${accountId} AND d."day" >= ${start}::date AND d."day" < ${end}::date
    GROUP BY d."day"`;
  const byDate = new Map(rows.map((r) => [r.day.toISOString().slice(0, 10), r]));
  const days = Array.from({ length: Math.round((end.getTime() - start.getTime()) / DAY_MS) }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDate.get(date);
    return { date, calls: row?.calls ?? 0, amountMicros: Number(row?.amountMicros ?? 0) };
  });
  return { month, today: now.toISOString().slice(0, 10), days };
}

export type MonthByDay = Awaited<ReturnType<typeof getMonthByDay>>;
