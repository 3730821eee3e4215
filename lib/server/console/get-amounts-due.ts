import 'server-only';

import { amountsDue } from '@/lib/server/billing/amounts-due';
import { db } from '@/lib/db';

export type GetAmountsDueOptions = { accountId: string; now?: Date };

/** The account's open and uncollectible invoices and lost disputes, as due now and due later (amounts-due.ts). */
export async function getAmountsDue({ accountId, now = new Date() }: GetAmountsDueOptions) {
  const [invoices, disputes] = await Promise.all([
    db.invoice.findMany({
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
    }),
    db.accountBlock.aggregate({
      where: { accountId, cause: 'dispute', liftedAt: null },
      _sum: { amountCents: true },
    }),
  ]);
  return amountsDue({
    invoices: invoices.map((i) => ({ ...i, status: i.status === 'uncollectible' ? 'uncollectible' : 'open' })),
    disputedCents: disputes._sum.amountCents ?? 0,
    now,
  });
}
