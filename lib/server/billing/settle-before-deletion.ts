import 'server-only';

import { db } from '@/lib/db';
import { consoleUrl } from '@/lib/server/account/console-url';

import { closeMonth } from './close-month';
import { findUnclosedMonths } from './find-unclosed-months';
import { MICROS_PER_CENT } from './invoice-amounts';
import { invoiceLink } from './invoice-links';

export type SettleBeforeDeletionOptions = { accountId: string; now?: Date };

/** What the account still owes after its months were closed: nothing, or the amount and where to pay it. */
export type Settlement = { settled: true } | { settled: false; dueCents: number; payUrl: string };

/**
 * Before an account is deleted: closes every month it has un-invoiced usage in (or an invoice not
 * yet charged), the current month included and last, so the last invoice carries in every
 * remainder and charges the whole amount to the card at once. What stays unpaid (a declined
 * card, no card, a close that failed) is named with the amount and the page to pay it, and the
 * deletion waits for it. A total under Stripe's $0.50 minimum cannot be charged (Stripe marks
 * such an invoice paid without charging it): it is left carried on the last invoice, unbilled.
 */
export async function settleBeforeDeletion({
  accountId,
  now = new Date(),
}: SettleBeforeDeletionOptions): Promise<Settlement> {
  for (const { month } of await findUnclosedMonths({ now, accountId, throughCurrentMonth: true })) {
    await closeMonth({ month, accountId });
  }
  const unpaid = await db.invoice.findMany({
    where: {
      accountId,
      OR: [{ status: { in: ['open', 'uncollectible'] } }, { status: 'draft', amountCents: { gt: 0 } }],
    },
    orderBy: { createdAt: 'asc' },
    select: { id: true, amountCents: true, stripeInvoiceId: true },
  });
  // Usage a failed close left un-invoiced is owed too.
  const left = await findUnclosedMonths({ now, accountId, throughCurrentMonth: true });
  const unbilledMicros = left.reduce((sum, m) => sum + m.unbilledMicros, 0n);
  if (!unpaid.length && unbilledMicros === 0n) return { settled: true };
  const payable = unpaid.find((i) => i.stripeInvoiceId);
  return {
    settled: false,
    dueCents: unpaid.reduce((sum, i) => sum + i.amountCents, 0) + Number(unbilledMicros / MICROS_PER_CENT),
    payUrl: payable ? invoiceLink(payable.id) : consoleUrl('/billing'),
  };
}
