import 'server-only';

import { db } from '@/lib/db';

import { findUnclosedMonths } from './find-unclosed-months';

export type ReleaseDeletedBillingOptions = {
  now?: Date;
  /** One account only (an operator settling it by hand); else every deleted account. */
  accountId?: string;
};

/** Longer than any call in flight at the deletion can take to be recorded (the hold lease is 5 minutes). */
const SETTLING_MS = 60 * 60 * 1000;

/**
 * Deleted accounts keep their Stripe customer reference (and whether a card is on file) until
 * nothing is left to bill: no invoice unpaid, no usage un-invoiced (calls that were in flight
 * when the account was deleted are recorded after it, and the sweep bills them). Then the
 * reference goes, as the rest of the account's personal data went at the deletion. The number
 * of accounts released; run by the daily sweep.
 */
export async function releaseDeletedBilling({
  now = new Date(),
  accountId,
}: ReleaseDeletedBillingOptions = {}): Promise<number> {
  const deleted = await db.account.findMany({
    where: {
      ...(accountId ? { id: accountId } : {}),
      deletedAt: { lte: new Date(now.getTime() - SETTLING_MS) },
      stripeCustomerId: { not: null },
      invoices: {
        none: {
          OR: [{ status: { in: ['open', 'uncollectible'] } }, { status: 'draft', amountCents: { gt: 0 } }],
        },
      },
    },
    select: { id: true },
  });
  let released = 0;
  for (const { id } of deleted) {
    const left = await findUnclosedMonths({ now, accountId: id, throughCurrentMonth: true });
    if (left.some((m) => m.unbilledMicros > 0n)) continue;
    await db.account.update({
      where: { id },
      data: { stripeCustomerId: null, hasPaymentMethod: false, paymentMethodLabel: null, billingByInvoice: false },
    });
    released++;
  }
  return released;
}
