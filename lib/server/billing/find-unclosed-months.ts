import 'server-only';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';

export type FindUnclosedMonthsOptions = {
  now?: Date;
  /** One account's months only. */
  accountId?: string;
  /** The current month too (an account being deleted is closed through today). */
  throughCurrentMonth?: boolean;
};

export type UnclosedMonth = { accountId: string; month: string; unbilledMicros: bigint; unfinishedInvoices: number };

/**
 * Every (account, past month) the monthly close has not finished: ledger amounts no invoice of
 * the month covers yet (a failed close, or calls recorded after the month was closed), or an
 * invoice not yet charged, declined or sent. Oldest month first, as the daily sweep closes them.
 */
export async function findUnclosedMonths({
  now = new Date(),
  accountId,
  throughCurrentMonth = false,
}: FindUnclosedMonthsOptions = {}): Promise<UnclosedMonth[]> {
  // Months sort as text ("YYYY-MM"): every month before `end`, the current one included or not.
  const end = throughCurrentMonth ? '9999-99' : billingMonth(now);
  const only = accountId ?? null;
  return db.$queryRaw<UnclosedMonth[]>`
    WITH ledger AS (
      SELECT "accountId", "month", SUM("amountMicros" - "creditMicros")::bigint AS micros
      FROM "UsageMonthly" WHERE "month" < ${end} AND (${only}::text IS NULL OR "accountId" = ${only}) GROUP BY "accountId", "month"
    ),
    invoiced AS (
      SELECT i."accountId", i."month", SUM(l."amountMicros")::bigint AS micros
      FROM "InvoiceLine" l JOIN "Invoice" i ON i."id" = l."invoiceId"
      WHERE i."month" < ${end} AND (${only}::text IS NULL OR i."accountId" = ${only}) GROUP BY i."accountId", i."month"
    ),
    unfinished AS (
      SELECT "accountId", "month", COUNT(*)::int AS n FROM "Invoice"
      WHERE "month" < ${end} AND (${only}::text IS NULL OR "accountId" = ${only}) AND "closedAt" IS NULL AND "amountCents" > 0 GROUP BY "accountId", "month"
    ),
    unbilled AS (
      SELECT g."accountId", g."month", g.micros - COALESCE(v.micros, 0) AS micros
      FROM ledger g LEFT JOIN invoiced v ON v."accountId" = g."accountId" AND v."month" = g."month"
      WHERE g.micros > COALESCE(v.micros, 0)
    )
    SELECT COALESCE(b."accountId", u."accountId") AS "accountId", COALESCE(b."month", u."month") AS "month",
           COALESCE(b.micros, 0)::bigint AS "unbilledMicros", COALESCE(u.n, 0)::int AS "unfinishedInvoices"
    FROM unbilled b FULL JOIN unfinished u ON u."accountId" = b."accountId" AND u."month" = b."month"
    ORDER BY 2, 1`;
}
