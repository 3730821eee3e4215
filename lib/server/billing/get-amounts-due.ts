import 'server-only';

import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

import { amountsDue } from './amounts-due';

export type GetAmountsDueOptions = {
  accountId: string;
  now?: Date;
  /** The transaction to read in (refresh-account-standing.ts derives the block's amount with it). */
  client?: Prisma.TransactionClient;
};

/**
 * The account's open and uncollectible invoices and lost disputes, as due now and due later
 * (amounts-due.ts): the one computation of what is due, for the console's pages and for the
 * amount a block states.
 */
export async function getAmountsDue({ accountId, now = new Date(), client = db }: GetAmountsDueOptions) {
  // One after the other: a transaction's queries run on its one connection anyway.
  const invoices = await client.invoice.findMany({
    where: { accountId, status: { in: ['open', 'uncollectible'] } },
    select: {
      id: true,
      number: true,
      month: true,
      status: true,
      amountCents: true,
      attemptCount: true,
      dueAt: true,
      overdueAt: true,
      noPaymentMethodAt: true,
    },
  });
  const disputes = await client.accountBlock.aggregate({
    where: { accountId, cause: 'dispute', liftedAt: null },
    _sum: { amountCents: true },
  });
  return amountsDue({
    invoices: invoices.map((i) => ({ ...i, status: i.status === 'uncollectible' ? 'uncollectible' : 'open' })),
    disputedCents: disputes._sum.amountCents ?? 0,
    now,
  });
}
