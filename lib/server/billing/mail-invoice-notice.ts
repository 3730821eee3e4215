import 'server-only';

import { db } from '@/lib/db';
import { cardMissingNotice, invoicePaidNotice, invoiceSentNotice, paymentFailedNotice } from './billing-notices';

import { cardMissingKey, paymentFailedKey } from './block-notice';

import { mailAccount } from '@/lib/server/mail/mail-account';

export type MailInvoiceNoticeOptions =
  | {
      stripeInvoiceId: string;
      kind: 'payment_failed' | 'paid' | 'sent';
      /** The Stripe event that told of it. */
      eventId: string;
    }
  | {
      stripeInvoiceId: string;
      /** A card account's invoice not charged for want of a card: the close tells of it (Stripe does not). */
      kind: 'no_payment_method';
    };

/**
 * Mails the account's users about one of its invoices, from the invoice as just synced (so a
 * late event about a state already left mails nothing): a failed charge (once per failure), the
 * receipt (once per invoice), an invoice sent for payment by its due date (once per invoice), a
 * card account's invoice not charged for want of a card (once per invoice: pay it or add a card).
 * Accounts billed by invoice get no "payment failed" mail: a failed try on the invoice's page is
 * the customer's own, and the invoice stays payable until its due date.
 */
export async function mailInvoiceNotice(options: MailInvoiceNoticeOptions): Promise<void> {
  const { stripeInvoiceId, kind } = options;
  const invoice = await db.invoice.findUnique({
    where: { stripeInvoiceId },
    select: {
      id: true,
      accountId: true,
      status: true,
      number: true,
      month: true,
      amountCents: true,
      paidAt: true,
      dueAt: true,
      attemptCount: true,
      noPaymentMethodAt: true,
      paymentActionRequired: true,
    },
  });
  if (!invoice) return; // not one of ours
  const { accountId } = invoice;
  const unpaid = invoice.status === 'open' || invoice.status === 'uncollectible';
  if (options.kind === 'payment_failed' && unpaid && !invoice.dueAt) {
    await mailAccount({
      accountId,
      // One mail per failed attempt, shared with the block it causes (block-notice.ts).
      onceKey: paymentFailedKey(invoice.id, invoice.attemptCount),
      notice: paymentFailedNotice(invoice),
    });
  } else if (kind === 'paid' && invoice.status === 'paid') {
    await mailAccount({
      accountId,
      onceKey: `invoice-paid:${invoice.id}`,
      notice: invoicePaidNotice({ ...invoice, paidAt: invoice.paidAt ?? new Date() }),
    });
  } else if (kind === 'no_payment_method' && invoice.noPaymentMethodAt && unpaid) {
    await mailAccount({ accountId, onceKey: cardMissingKey(invoice.id), notice: cardMissingNotice(invoice) });
  } else if (kind === 'sent' && invoice.status === 'open' && invoice.dueAt && !invoice.noPaymentMethodAt) {
    // An invoice sent for want of a card has its own mail (mail-card-missing.ts), not this one.
    await mailAccount({ accountId, onceKey: `invoice-sent:${invoice.id}`, notice: invoiceSentNotice(invoice) });
  }
}
