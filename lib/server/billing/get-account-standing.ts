import 'server-only';

import { db } from '@/lib/db';
import type { AccountBlockCause } from '@/lib/generated/prisma/client';

/**
 * An account's standing: blocked or not, the causes of its blocks in order, why in words, and
 * what is due now in cents (get-amounts-due.ts; null when not blocked). refresh-account-standing.ts
 * derives it from the blocks and stores it on the account; getAccountStanding reads it back.
 */
export type AccountStanding = {
  blocked: boolean;
  causes: AccountBlockCause[];
  reason: string | null;
  dueCents: number | null;
};

export type GetAccountStandingOptions = { accountId: string };

/**
 * For the banner on every console page: blocked, why (derived from the account's blocks, see
 * refresh-account-standing.ts), the causes (each has its own remedy), how much is due, and the
 * invoice to pay when one is overdue.
 */
export async function getAccountStanding({
  accountId,
}: GetAccountStandingOptions): Promise<(AccountStanding & { payInvoiceUrl: string | null }) | null> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { blockedAt: true, blockedReason: true, blockedCauses: true, blockedDueCents: true },
  });
  if (!account.blockedAt) return null;
  const overdue = account.blockedCauses.includes('overdue_invoice')
    ? await db.accountBlock.findFirst({
        where: { accountId, liftedAt: null, cause: 'overdue_invoice' },
        orderBy: { createdAt: 'asc' },
        select: { invoice: { select: { id: true, hostedInvoiceUrl: true } } },
      })
    : null;
  return {
    blocked: true,
    reason: account.blockedReason ?? 'The account is blocked.',
    causes: account.blockedCauses,
    dueCents: account.blockedDueCents ?? 0,
    // Through the console, which finds the invoice's current page in Stripe (invoice-links.ts).
    payInvoiceUrl: overdue?.invoice?.hostedInvoiceUrl ? `/billing/invoices/${overdue.invoice.id}` : null,
  };
}
