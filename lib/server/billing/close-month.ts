import 'server-only';

import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';
import type { InvoiceStatus } from '@/lib/generated/prisma/client';

import { closeMonthStep } from './close-month-hooks';
import { drawCreditsBeforeInvoice } from './draw-credits-before-invoice';
import { withMonthCloseLease } from './month-close-lease';
import { recordInvoice } from './record-invoice';
import { sendMonthInvoice } from './send-month-invoice';

export type CloseMonthOptions = {
  month: string;
  /** One account; else every account with usage in the month. */
  accountId?: string;
};

/** What closing the month did for one account. */
export type ClosedInvoice = {
  accountId: string;
  /**
   * invoiced: an invoice was charged (or declined) or sent; carried: the new amount is under the
   * minimum charge and all of it is carried forward; nothing: nothing new since the last close;
   * failed: see `error` (recorded in MonthCloseFailure, retried by the daily sweep).
   */
  outcome: 'invoiced' | 'carried' | 'nothing' | 'failed';
  invoiceId: string | null;
  invoiceStatus: InvoiceStatus | null;
  invoiceNumber: string | null;
  amountCents: number;
  carriedInMicros: bigint;
  /** What is carried to the account's next invoice after this close. */
  carriedOutMicros: bigint;
  error?: string;
};

/**
 * Turns each account's month (what earlier invoices of the month have not billed yet, less what
 * the account's remaining credits pay) into one Stripe invoice with a line per endpoint, then finalizes it and charges it (or sends it, for
 * accounts billed by invoice). Each account on its own: a failure is recorded and logged and the
 * next account goes on; the daily sweep (close-unclosed-months.ts) retries it. Safe to run again
 * at any point and from several places at once: a lease per account (month-close-lease.ts, renewed
 * while the close works, taken over once its holder died) lets one close of the account run at a
 * time (whatever the month: two months share its carry chain), and a close killed anywhere resumes
 * without duplicates or gaps (send-month-invoice.ts).
 */
export async function closeMonth({ month, accountId }: CloseMonthOptions): Promise<ClosedInvoice[]> {
  const accounts = accountId
    ? [accountId]
    : (
        await db.usageMonthly.findMany({
          // Calls paid from prepaid credits are not invoiced.
          where: { month, amountMicros: { gt: db.usageMonthly.fields.creditMicros } },
          distinct: ['accountId'],
          select: { accountId: true },
        })
      ).map((r) => r.accountId);
  const closed: ClosedInvoice[] = [];
  for (const id of accounts) {
    try {
      closed.push(await closeAccountMonth(id, month));
      await db.monthCloseFailure.updateMany({
        where: { accountId: id, month, resolvedAt: null },
        data: { resolvedAt: new Date() },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error(
        { err: error, accountId: id, month },
        `close-month: closing ${month} for account ${id} failed (recorded; the daily sweep retries it)`,
      );
      await db.monthCloseFailure.upsert({
        where: { accountId_month: { accountId: id, month } },
        create: { accountId: id, month, error: message },
        update: { error: message, attempts: { increment: 1 }, lastFailedAt: new Date(), resolvedAt: null },
      });
      closed.push({ ...(await nothingNew(id)), outcome: 'failed', error: message });
    }
  }
  return closed;
}

async function closeAccountMonth(accountId: string, month: string): Promise<ClosedInvoice> {
  return withMonthCloseLease(accountId, async (signal) => {
    let invoiceId = (await unfinishedInvoice(accountId, month))?.id;
    if (!invoiceId) {
      // Credits left from prepaid days pay first (drawCreditsBeforeInvoice); the invoice bills the rest.
      await drawCreditsBeforeInvoice({ accountId, month });
      const recorded = await recordInvoice({ accountId, month });
      if (!recorded) return nothingNew(accountId);
      if (recorded.status === 'void') return outcomeOf(accountId, 'carried', { ...recorded, number: null });
      invoiceId = recorded.id;
      await closeMonthStep('invoice-row', { accountId, month, invoiceId });
    }
    return outcomeOf(accountId, 'invoiced', await sendMonthInvoice({ invoiceId, signal }));
  });
}

/** An invoice an earlier run recorded but did not finish (not yet charged, declined or sent). */
function unfinishedInvoice(accountId: string, month: string) {
  return db.invoice.findFirst({
    where: { accountId, month, closedAt: null, amountCents: { gt: 0 } },
    orderBy: { sequence: 'desc' },
    select: { id: true },
  });
}

function outcomeOf(
  accountId: string,
  outcome: 'invoiced' | 'carried',
  invoice: {
    id: string;
    status: InvoiceStatus;
    number: string | null;
    amountCents: number;
    carriedInMicros: bigint;
    carriedOutMicros: bigint;
  },
): ClosedInvoice {
  return {
    accountId,
    outcome,
    invoiceId: invoice.id,
    invoiceStatus: invoice.status,
    invoiceNumber: invoice.number,
    amountCents: invoice.amountCents,
    carriedInMicros: invoice.carriedInMicros,
    carriedOutMicros: invoice.carriedOutMicros,
  };
}

/** Nothing billed: what the account's last invoice carries forward still. */
async function nothingNew(accountId: string): Promise<ClosedInvoice> {
  const last = await db.invoice.findFirst({
    where: { accountId, carriedTo: null },
    orderBy: { createdAt: 'desc' },
    select: { carriedOutMicros: true },
  });
  const carried = last?.carriedOutMicros ?? 0n;
  return {
    accountId,
    outcome: 'nothing',
    invoiceId: null,
    invoiceStatus: null,
    invoiceNumber: null,
    amountCents: 0,
    carriedInMicros: carried,
    carriedOutMicros: carried,
  };
}
