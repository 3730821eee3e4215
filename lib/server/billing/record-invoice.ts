import 'server-only';

import { db } from '@/lib/db';

import { closeMonthStep } from './close-month-hooks';
import { invoiceAmounts } from './invoice-amounts';
import { ledgerLines } from './ledger-lines';

export type RecordInvoiceOptions = { accountId: string; month: string };

/**
 * Records the month's next invoice from the ledger (what earlier invoices of the month have not
 * billed), or returns null when there is nothing new. It carries in the remainder of the
 * account's previous invoice, the head of its carry chain, and names that invoice in
 * `carriedFromId` (unique): a remainder can be consumed once, even by two closes of different
 * months at once. The caller holds the account's close lease (month-close-lease.ts).
 */
export async function recordInvoice({ accountId, month }: RecordInvoiceOptions) {
  const lines = await ledgerLines({ accountId, month });
  if (!lines.length) return null;
  const previous = await db.invoice.findFirst({
    where: { accountId, carriedTo: null },
    orderBy: { createdAt: 'desc' },
    select: { id: true, carriedOutMicros: true },
  });
  const carriedIn = previous?.carriedOutMicros ?? 0n;
  await closeMonthStep('carry-read', { accountId, month });
  const amounts = invoiceAmounts(lines, carriedIn);
  const charged = amounts.chargedCents > 0n;
  const sequence =
    ((await db.invoice.aggregate({ where: { accountId, month }, _max: { sequence: true } }))._max.sequence ?? 0) + 1;
  return db.invoice.create({
    data: {
      accountId,
      month,
      sequence,
      // Under the minimum charge nothing is sent: the whole amount is carried to the next invoice.
      status: charged ? 'draft' : 'void',
      closedAt: charged ? null : new Date(),
      amountMicros: lines.reduce((sum, l) => sum + l.amountMicros, 0n),
      carriedFromId: previous?.id ?? null,
      carriedInMicros: carriedIn,
      carriedOutMicros: amounts.carriedOutMicros,
      amountCents: Number(amounts.chargedCents),
      lines: { create: lines },
    },
    select: { id: true, status: true, amountCents: true, carriedInMicros: true, carriedOutMicros: true },
  });
}
