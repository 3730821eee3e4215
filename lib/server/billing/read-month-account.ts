import 'server-only';

import { buildMonthAccount, type CarriedRemainder, type MonthAccount } from '@/lib/server/billing/month-account';
import { db } from '@/lib/db';

import { ledgerLines, type LedgerLine } from './ledger-lines';

export type ReadMonthAccountOptions = { accountId: string; month: string };

/**
 * What the account owes that no invoice has charged, scoped to the account (lib/server/billing/month-account.ts):
 * the month's lines not yet invoiced, past months' calls still to be invoiced, and the remainder
 * at the head of the carry chain (the one the next invoice carries in, record-invoice.ts).
 */
export async function readMonthAccount({
  accountId,
  month,
}: ReadMonthAccountOptions): Promise<MonthAccount & { lines: LedgerLine[] }> {
  const [lines, pastMonths, carried] = await Promise.all([
    ledgerLines({ accountId, month }),
    pastMonthsUninvoiced(accountId, month),
    carriedRemainder(accountId),
  ]);
  const thisMonthMicros = lines.reduce((sum, l) => sum + l.amountMicros, 0n);
  return { ...buildMonthAccount({ month, thisMonthMicros, pastMonths, carried }), lines };
}

/** Months before `month` whose ledger holds more than their invoices billed, oldest first. */
function pastMonthsUninvoiced(accountId: string, month: string) {
  return db.$queryRaw<{ month: string; micros: bigint }[]>`
    WITH ledger AS (
      SELECT "month", SUM("amountMicros" - "creditMicros")::bigint AS micros FROM "UsageMonthly"
      WHERE "accountId" = ${accountId} AND "month" < ${month} GROUP BY "month"
    ),
    invoiced AS (
      SELECT i."month", SUM(l."amountMicros")::bigint AS micros
      FROM "InvoiceLine" l JOIN "Invoice" i ON i."id" = l."invoiceId"
      WHERE i."accountId" = ${accountId} AND i."month" < ${month} GROUP BY i."month"
    )
    SELECT g."month", (g.micros - COALESCE(v.micros, 0))::bigint AS micros
    FROM ledger g LEFT JOIN invoiced v ON v."month" = g."month"
    WHERE g.micros > COALESCE(v.micros, 0)
    ORDER BY g."month"`;
}

/**
 * The remainder the account's next invoice carries in, and the months it comes from: the head
 * invoice's, and further back through invoices that charged nothing (under the minimum, they
 * carried everything on). As invoice-items.ts names them on the invoice's "Carried from" line.
 */
async function carriedRemainder(accountId: string): Promise<CarriedRemainder | null> {
  const head = await db.invoice.findFirst({
    where: { accountId, carriedTo: null },
    orderBy: { createdAt: 'desc' },
    select: { month: true, amountCents: true, carriedInMicros: true, carriedOutMicros: true, carriedFromId: true },
  });
  if (!head || head.carriedOutMicros <= 0n) return null;
  const months = new Set<string>([head.month]);
  let invoice = head;
  while (invoice.amountCents === 0 && invoice.carriedInMicros > 0n && invoice.carriedFromId) {
    invoice = await db.invoice.findUniqueOrThrow({
      where: { id: invoice.carriedFromId },
      select: { month: true, amountCents: true, carriedInMicros: true, carriedOutMicros: true, carriedFromId: true },
    });
    if (invoice.carriedOutMicros > 0n) months.add(invoice.month);
  }
  return { micros: head.carriedOutMicros, months: [...months].sort(), underMinimum: head.amountCents === 0 };
}
