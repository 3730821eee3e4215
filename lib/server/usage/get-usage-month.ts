import 'server-only';

import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

import { estimateMonthEnd } from '@/lib/server/billing/month-end-estimate';

import { listUsageKeys } from './list-usage-keys';
import { billingMonth, monthRange } from '@/lib/utc-month';

export type GetUsageMonthOptions = { accountId: string; month: string; keyId?: string | null; now?: Date };

/** How many endpoints the daily chart names; the rest are summed as "other". */
const CHART_SERIES = 5;
const OTHER_SERIES = 'other';

type Totals = {
  requests: number;
  units: number;
  freeUnits: number;
  billableUnits: number;
  sentimentUnits: number;
  amountMicros: number;
};

const zero = (): Totals => ({
  requests: 0,
  units: 0,
  freeUnits: 0,
  billableUnits: 0,
  sentimentUnits: 0,
  amountMicros: 0,
});

function add(into: Totals, row: Omit<Totals, 'billableUnits'>): void {
  into.requests += row.requests;
  into.units += row.units;
  into.freeUnits += row.freeUnits;
  into.billableUnits += row.units - row.freeUnits;
  into.sentimentUnits += row.sentimentUnits;
  into.amountMicros += row.amountMicros;
}

/**
 * A month of the account's usage, from the daily rollup (written with the ledger in one
 * statement, so it equals it): the summary, one line per endpoint, and the days by endpoint for
 * the charts, optionally for one key. Amounts are integer micro-dollars (Numbers: exact up to
 * $9 billion). A key id that is not the account's reads as a key with no usage.
 */
export async function getUsageMonth({ accountId, month, keyId = null, now = new Date() }: GetUsageMonthOptions) {
  const [start, end] = monthRange(month);
  const [rows, refused, keys, account] = await Promise.all([
    db.$queryRaw<
      {
        day: Date;
        endpoint: string;
        requests: number;
        units: number;
        freeUnits: number;
        sentimentUnits: number;
        amountMicros: bigint;
      }[]
    >`
      SELECT d."day", d."endpoint", SUM(d."requests")::int AS requests, SUM(d."units")::int AS units,
             SUM(d."freeUnits")::int AS "freeUnits", SUM(d."sentimentUnits")::int AS "sentimentUnits",
             SUM(d."amountMicros")::bigint AS "amountMicros"
      FROM "UsageDaily" d
      WHERE d."accountId" = ${accountId} AND d."day" >= ${start}::date AND d."day" < ${end}::date
        ${keyId ? Prisma.sql`AND d."apiKeyId" = ${keyId}` : Prisma.empty}
      GROUP BY d."day", d."endpoint"
      ORDER BY d."day", d."endpoint"`,
    db.$queryRaw<{ count: number }[]>`
      SELECT COALESCE(SUM(r."count"), 0)::int AS count FROM "UsageRefusal" r
      WHERE r."accountId" = ${accountId} AND r."minute" >= ${start} AND r."minute" < ${end}
        ${keyId ? Prisma.sql`AND r."apiKeyId" = ${keyId}` : Prisma.empty}`,
    listUsageKeys({ accountId }),
    db.account.findUniqueOrThrow({ where: { id: accountId }, select: { blockedAt: true, monthlyCapMicros: true } }),
  ]);

  const summary = zero();
  const byEndpoint = new Map<string, Totals>();
  for (const raw of rows) {
    const row = { ...raw, amountMicros: Number(raw.amountMicros) };
    add(summary, row);
    const line = byEndpoint.get(row.endpoint) ?? zero();
    add(line, row);
    byEndpoint.set(row.endpoint, line);
  }
  const endpoints = [...byEndpoint].map(([endpoint, t]) => ({
    endpoint,
    ...t,
    freeLeft: Math.max(0, FREE_UNITS_PER_MONTH - t.freeUnits),
  }));
  endpoints.sort(
    (a, b) => b.amountMicros - a.amountMicros || b.units - a.units || a.endpoint.localeCompare(b.endpoint),
  );

  // The chart names the largest few endpoints (by spend, then units) and sums the rest.
  const named = new Set(
    endpoints.slice(0, endpoints.length > CHART_SERIES + 1 ? CHART_SERIES : CHART_SERIES + 1).map((e) => e.endpoint),
  );
  const series = [
    ...endpoints.filter((e) => named.has(e.endpoint)).map((e) => e.endpoint),
    ...(endpoints.length > named.size ? [OTHER_SERIES] : []),
  ];
  const dayCount = Math.round((end.getTime() - start.getTime()) / 86_400_000);
  const days = Array.from({ length: dayCount }, (_, i) => ({
    date: new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10),
    units: Object.fromEntries(series.map((s) => [s, 0])) as Record<string, number>,
    amountMicros: Object.fromEntries(series.map((s) => [s, 0])) as Record<string, number>,
  }));
  for (const row of rows) {
    const day = days[Math.round((row.day.getTime() - start.getTime()) / 86_400_000)];
    if (!day) continue;
    const name = named.has(row.endpoint) ? row.endpoint : OTHER_SERIES;
    day.units[name]! += row.units;
    day.amountMicros[name]! += Number(row.amountMicros);
  }

  const isCurrent = month === billingMonth(now);
  // The current month's estimate, as the dashboard and /billing give it (month-end-estimate.ts);
  // the account's monthly cap bounds the account's estimate, not one key's.
  const estimate = isCurrent
    ? estimateMonthEnd({
        month,
        spentMicros: summary.amountMicros,
        now,
        blocked: account.blockedAt !== null,
        monthlyCapMicros: keyId ? null : account.monthlyCapMicros,
      })
    : null;
  return {
    month,
    isCurrent,
    keyId,
    keys,
    summary: { ...summary, refused: refused[0]?.count ?? 0 },
    estimate,
    endpoints,
    chart: { series, days },
    freeUnitsPerMonth: FREE_UNITS_PER_MONTH,
  };
}

export type UsageMonth = Awaited<ReturnType<typeof getUsageMonth>>;
