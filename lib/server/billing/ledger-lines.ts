import 'server-only';

import { db } from '@/lib/db';
import { monthRange } from '@/lib/utc-month';

export type LedgerLine = {
  endpoint: string;
  requests: number;
  units: number;
  freeUnits: number;
  sentimentUnits: number;
  amountMicros: bigint;
};

export type LedgerLinesOptions = { accountId: string; month: string };

/**
 * The month so far from the ledger, one line per endpoint, minus what earlier invoices of the
 * month already billed (a month closed early goes on into a next invoice): what the next
 * invoice bills. What calls drew from prepaid credits is not invoiced: a line's amount leaves it
 * out, and a line wholly paid from credits is left out. Read in one transaction, so the totals and the earlier lines agree. Sentiment
 * units come from the daily rollup (written with the ledger), never from the request log, which
 * is pruned.
 */
export async function ledgerLines({ accountId, month }: LedgerLinesOptions): Promise<LedgerLine[]> {
  const [start, end] = monthRange(month);
  const rows = await db.$queryRaw<
    {
      endpoint: string;
      requests: number;
      units: number;
      freeUnits: number;
      sentimentUnits: number;
      amountMicros: bigint;
    }[]
  >`
    WITH ledger AS (
      SELECT m."endpoint", m."requests", m."units", m."freeUnits", m."amountMicros" - m."creditMicros" AS "amountMicros",
             m."creditMicros",
             COALESCE((SELECT SUM(d."sentimentUnits") FROM "UsageDaily" d
                       WHERE d."accountId" = m."accountId" AND d."endpoint" = m."endpoint"
                         AND d."day" >= ${start}::date AND d."day" < ${end}::date), 0)::int AS "sentimentUnits"
      FROM "UsageMonthly" m WHERE m."accountId" = ${accountId} AND m."month" = ${month}
    ),
    invoiced AS (
      SELECT l."endpoint", SUM(l."requests")::int AS requests, SUM(l."units")::int AS units, SUM(l."freeUnits")::int AS "freeUnits",
             SUM(l."sentimentUnits")::int AS "sentimentUnits", SUM(l."amountMicros")::bigint AS "amountMicros"
      FROM "InvoiceLine" l JOIN "Invoice" i ON i."id" = l."invoiceId"
      WHERE i."accountId" = ${accountId} AND i."month" = ${month}
      GROUP BY l."endpoint"
    )
    SELECT g."endpoint",
           (g."requests" - COALESCE(v.requests, 0))::int AS requests,
           (g."units" - COALESCE(v.units, 0))::int AS units,
           (g."freeUnits" - COALESCE(v."freeUnits", 0))::int AS "freeUnits",
           (g."sentimentUnits" - COALESCE(v."sentimentUnits", 0))::int AS "sentimentUnits",
           (g."amountMicros" - COALESCE(v."amountMicros", 0))::bigint AS "amountMicros"
    FROM ledger g LEFT JOIN invoiced v ON v."endpoint" = g."endpoint"
    WHERE g."creditMicros" = 0 OR g."amountMicros" > COALESCE(v."amountMicros", 0)
    ORDER BY g."endpoint"`;
  return rows.filter((r) => r.requests > 0 || r.units > 0 || r.amountMicros > 0n);
}
