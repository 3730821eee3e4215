// One failed payment, one notice: an account blocked by one invoice that could
// not be charged (a declined card, or none on file) is told by that failure's own mail, which says
// the API answers 403 account_blocked until it is paid, and not by a second "account blocked" mail
// in the same minute. Both paths keep the notice under the same key (the invoice and its attempt),
// so whichever comes first (the block, or Stripe's invoice.payment_failed) mails, and the other
// finds it sent. Any other block (a dispute, the operator, an overdue or uncollectible invoice,
// several at once) gets the account-blocked mail.
import 'server-only';

import type { AccountBlockCause, InvoiceStatus } from '@/lib/generated/prisma/client';

import type { Notice } from '@/lib/server/mail/mail-account';

import { accountBlockedNotice, cardMissingNotice, paymentFailedNotice } from './billing-notices';

/** The key of the mail about a failed charge of an invoice (one per attempt, as Stripe counts them). */
export const paymentFailedKey = (invoiceId: string, attemptCount: number) =>
  `payment-failed:${invoiceId}:${attemptCount}`;

/** The key of the mail about an invoice not charged for want of a card (one per invoice). */
export const cardMissingKey = (invoiceId: string) => `card-missing:${invoiceId}`;

type NewBlockFacts = {
  cause: AccountBlockCause;
  invoice: {
    id: string;
    number: string | null;
    month: string;
    amountCents: number;
    status: InvoiceStatus;
    attemptCount: number;
    noPaymentMethodAt: Date | null;
    paymentActionRequired: boolean;
  } | null;
};

export type BlockNoticeInput = {
  accountId: string;
  blockedAt: Date;
  /** Every block that holds now. */
  blocks: NewBlockFacts[];
  causes: AccountBlockCause[];
  reason: string;
  dueCents: number;
};

/** The one mail that tells an account it is blocked, and the key it is kept under. */
export function blockNotice({ accountId, blockedAt, blocks, causes, reason, dueCents }: BlockNoticeInput): {
  onceKey: string;
  notice: Notice;
} {
  const [only] = blocks;
  const invoice = blocks.length === 1 && only?.cause === 'unpaid_invoice' ? only.invoice : null;
  if (invoice?.status === 'open' && invoice.noPaymentMethodAt)
    return { onceKey: cardMissingKey(invoice.id), notice: cardMissingNotice(invoice) };
  if (invoice?.status === 'open' && invoice.attemptCount > 0)
    return { onceKey: paymentFailedKey(invoice.id, invoice.attemptCount), notice: paymentFailedNotice(invoice) };
  return {
    onceKey: `account-blocked:${accountId}:${blockedAt.getTime()}`,
    notice: accountBlockedNotice({ reason, dueCents, causes }),
  };
}
