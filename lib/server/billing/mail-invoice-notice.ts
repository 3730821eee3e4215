import 'server-only';

import { db } from '@/lib/db';
import { invoicePaidNotice, invoiceSentNotice, paymentFailedNotice } from '@/lib/server/mail/billing-notices';

import { mailAccount } from './mail-account';

export type MailInvoiceNoticeOptions = {
  stripeInvoiceId: string;
  kind: 'payment_failed' | 'paid' | 'sent';
  /** The Stripe event that told of it: one failure mail per failed payment. */
  eventId: string;
};

/**
 * Mails the account's users about one of its invoices, from the invoice as just synced (so a
 * late event about a state already left mails nothing): a failed charge (once per failure), the
 * receipt (once per invoice), an invoice sent for payment by its due date (once per invoice).
 */
export async function mailInvoiceNotice({ stripeInvoiceId, kind, eventId }: MailInvoiceNoticeOptions): Promise<void> {
  const invoice = await db.invoice.findUnique({
    where: { stripeInvoiceId },
    select: {
      id: true,
      accountId: true,
      status: true,
      number: true,
      month: true,
      amountCents: true,
      hostedInvoiceUrl: true,
      invoicePdfUrl: true,
      paidAt: true,
      dueAt: true,
    },
  });
  if (!invoice) return; // not one of ours
  const { accountId } = invoice;
  if (
    kind === 'payment_failed' &&
    (invoice.status === 'open' || invoice.status === 'uncollectible') &&
    !invoice.dueAt
  ) {
    await mailAccount({ accountId, onceKey: `payment-failed:${eventId}`, notice: paymentFailedNotice(invoice) });
  } else if (kind === 'paid' && invoice.status === 'paid') {
    await mailAccount({
      accountId,
      onceKey: `invoice-paid:${invoice.id}`,
      notice: invoicePaidNotice({ ...invoice, paidAt: invoice.paidAt ?? new Date() }),
    });
  } else if (kind === 'sent' && invoice.status === 'open' && invoice.dueAt) {
    await mailAccount({ accountId, onceKey: `invoice-sent:${invoice.id}`, notice: invoiceSentNotice(invoice) });
  }
}
