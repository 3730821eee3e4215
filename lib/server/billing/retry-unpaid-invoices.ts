import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { withIdempotencyAttempts } from '@/lib/stripe/idempotency';
import { db } from '@/lib/db';

import { syncInvoice } from './sync-invoice';

export type RetryUnpaidInvoicesOptions = { accountId: string };

/** Stripe lets both be paid: an open invoice whose charge failed, and one marked uncollectible. */
const unpaid = (status: Stripe.Invoice.Status | null) => status === 'open' || status === 'uncollectible';

/**
 * After the customer's default card changed (Checkout's return page, its webhooks, a change in
 * the portal): charges each unpaid invoice with it. One card update is told of several times at
 * once, so the retries of an account are serialized (an advisory lock); each re-reads the
 * invoice from Stripe and pays only while it is still unpaid, and the idempotency key is the
 * (invoice, card) pair, so the same card is tried on the same invoice once (a repeat replays the
 * first answer). Invoices sent for payment (send_invoice) are the customer's to pay, except a card
 * account's invoice sent for want of a card (send-month-invoice.ts): the new card pays it.
 */
export async function retryUnpaidInvoices({ accountId }: RetryUnpaidInvoicesOptions): Promise<void> {
  // Most card changes find nothing unpaid: they need not wait for the lock (and a connection) at all.
  if (
    !(await db.invoice.count({
      where: { accountId, status: { in: ['open', 'uncollectible'] }, NOT: { stripeInvoiceId: null } },
    }))
  )
    return;
  // The transaction only holds the lock: every write below commits on its own.
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`retry-invoices:${accountId}`}))`;
      const account = await tx.account.findUniqueOrThrow({
        where: { id: accountId },
        select: { stripeCustomerId: true },
      });
      const invoices = await tx.invoice.findMany({
        where: { accountId, status: { in: ['open', 'uncollectible'] }, NOT: { stripeInvoiceId: null } },
        orderBy: { createdAt: 'asc' },
        select: { stripeInvoiceId: true },
      });
      if (!account.stripeCustomerId || !invoices.length) return;
      const customer = await stripe().customers.retrieve(account.stripeCustomerId);
      const method = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
      const methodId = typeof method === 'string' ? method : method?.id;
      if (!methodId) return;
      for (const { stripeInvoiceId } of invoices) {
        await payWhileUnpaid(stripeInvoiceId!, methodId);
        await syncInvoice({ stripeInvoiceId: stripeInvoiceId! });
      }
    },
    { timeout: 300_000, maxWait: 300_000 },
  );
}

async function payWhileUnpaid(invoiceId: string, methodId: string): Promise<void> {
  const invoice = await stripe().invoices.retrieve(invoiceId);
  // Invoices sent for payment are the customer's to pay, except those sent for want of a card.
  const forWantOfCard = invoice.metadata?.collection === 'no_payment_method';
  if (!unpaid(invoice.status) || (invoice.collection_method === 'send_invoice' && !forWantOfCard)) return;
  try {
    // The invoice was re-read just above: walking past a saved 500 cannot pay it twice.
    await withIdempotencyAttempts(`retry-invoice:${invoiceId}:${methodId}`, (idempotencyKey) =>
      stripe().invoices.pay(invoiceId, { payment_method: methodId }, { idempotencyKey }),
    );
  } catch (error) {
    // Declined: Stripe announces it (invoice.payment_failed) and the sync records it.
    if ((error as { type?: string }).type === 'StripeCardError') return;
    // Stripe answers a payment of an invoice paid meanwhile with a plain invalid_request_error, and
    // one it is busy with elsewhere with lock_timeout: settled when the invoice no longer needs paying.
    if (!unpaid((await stripe().invoices.retrieve(invoiceId)).status)) return;
    throw error;
  }
}
