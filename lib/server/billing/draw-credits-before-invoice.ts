import 'server-only';

import { db } from '@/lib/db';

import { lockCreditBalance } from './credits';

/**
 * Pays what a month's next invoice would bill from the account's credit balance first: an
 * account that went from prepaid back to post-paid keeps its credits, and they are spent before
 * anything is invoiced. Each endpoint's amount not yet invoiced (nor drawn) is drawn in endpoint
 * order until the balance, less what calls in flight hold against it, runs out; the draw counts in
 * the monthly row's creditMicros (so the invoice leaves it out and the credit ledger shows it as
 * the month's draw) and leaves the balance in the same transaction. Locks are taken in the order
 * record_usage and reserve_call take them (the monthly rows, the account's spend lock, the
 * account), so a late call of the month recorded meanwhile waits or is seen. Run by the month
 * close before it records an invoice; running it again draws only what is new. Answers the
 * micro-dollars drawn.
 */
export async function drawCreditsBeforeInvoice({
  accountId,
  month,
  now = new Date(),
}: {
  accountId: string;
  month: string;
  now?: Date;
}): Promise<bigint> {
  const [account] = await db.$queryRaw<{ balance: bigint }[]>`
    SELECT "creditBalanceMicros" AS balance FROM "Account" WHERE "id" = ${accountId}`;
  if (!account || account.balance <= 0n) return 0n;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ endpoint: string; due: bigint }[]>`
      SELECT m."endpoint",
             (m."amountMicros" - m."creditMicros"
               - COALESCE((SELECT SUM(l."amountMicros") FROM "InvoiceLine" l JOIN "Invoice" i ON i."id" = l."invoiceId"
                           WHERE i."accountId" = m."accountId" AND i."month" = m."month" AND l."endpoint" = m."endpoint"), 0))::bigint AS due
      FROM "UsageMonthly" m
      WHERE m."accountId" = ${accountId} AND m."month" = ${month}
      ORDER BY m."endpoint"
      FOR UPDATE OF m`;
    const state = await lockCreditBalance(tx, accountId, now);
    let available = state ? state.balance - state.held : 0n;
    let drawn = 0n;
    for (const row of rows) {
      if (available <= 0n) break;
      if (row.due <= 0n) continue;
      const take = row.due < available ? row.due : available;
      await tx.usageMonthly.update({
        where: { accountId_endpoint_month: { accountId, endpoint: row.endpoint, month } },
        data: { creditMicros: { increment: take } },
      });
      available -= take;
      drawn += take;
    }
    if (drawn > 0n) {
      await tx.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: drawn } } });
    }
    return drawn;
  });
}
