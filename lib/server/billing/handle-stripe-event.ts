import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { db } from '@/lib/db';

import { applySetupIntent, refreshPaymentMethod } from './apply-payment-method';
import { blockAccount } from './block-account';
import { applyCreditCheckout, applyCreditPayment } from './credit-purchases';
import { mailInvoiceNotice, type MailInvoiceNoticeOptions } from './mail-invoice-notice';
import { retryUnpaidInvoices } from './retry-unpaid-invoices';
import { syncInvoice } from './sync-invoice';

type Handler = (event: Stripe.Event) => Promise<void>;
const objectOf = <T>(event: Stripe.Event) => event.data.object as unknown as T;

/** The account a charge's customer belongs to. */
async function accountOfCharge(chargeId: string): Promise<string | null> {
  const charge = await stripe().charges.retrieve(chargeId);
  const customer = typeof charge.customer === 'string' ? charge.customer : charge.customer?.id;
  if (!customer) return null;
  return (await db.account.findFirst({ where: { stripeCustomerId: customer }, select: { id: true } }))?.id ?? null;
}

/** A saved card: the customer's default now, and the account's unpaid invoices charged with it. */
async function applySavedCard(setupIntentId: string): Promise<void> {
  const accountId = await applySetupIntent({ setupIntentId });
  if (accountId) await retryUnpaidInvoices({ accountId });
}

// One small handler per event type; each re-reads what it acts on from Stripe.
const handlers: Record<string, Handler> = {
  'checkout.session.completed': async (event) => {
    const session = await stripe().checkout.sessions.retrieve(objectOf<Stripe.Checkout.Session>(event).id);
    const intent = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
    if (session.mode === 'setup' && intent) await applySavedCard(intent);
    // Credits bought through Checkout: applied once, whoever tells of the payment first.
    if (session.mode === 'payment') await applyCreditCheckout({ checkoutSessionId: session.id });
  },
  'payment_intent.succeeded': async (event) => {
    await applyCreditPayment(objectOf<Stripe.PaymentIntent>(event).id);
  },
  'setup_intent.succeeded': async (event) => {
    await applySavedCard(objectOf<Stripe.SetupIntent>(event).id);
  },
  'payment_method.detached': async (event) => {
    const previous = event.data.previous_attributes as { customer?: string } | undefined;
    const customer = objectOf<Stripe.PaymentMethod>(event).customer ?? previous?.customer;
    if (typeof customer === 'string') await refreshPaymentMethod({ customerId: customer });
  },
  'customer.updated': async (event) => {
    const accountId = await refreshPaymentMethod({ customerId: objectOf<Stripe.Customer>(event).id });
    // A new default card (the portal's "Make default", the dashboard) pays what is unpaid, as a card saved through Checkout does.
    const previous = event.data.previous_attributes as { invoice_settings?: unknown } | undefined;
    if (accountId && previous?.invoice_settings !== undefined) await retryUnpaidInvoices({ accountId });
  },
  'invoice.finalized': invoiceEvent('sent'),
  'invoice.sent': invoiceEvent('sent'),
  'invoice.paid': invoiceEvent('paid'),
  'invoice.payment_failed': invoiceEvent('payment_failed'),
  // The charge needs the customer's 3D Secure: the same one notice as the failure (mail-invoice-notice.ts).
  'invoice.payment_action_required': invoiceEvent('payment_failed'),
  'invoice.marked_uncollectible': invoiceEvent(),
  'invoice.voided': invoiceEvent(),
  // Past its due date unpaid, as Stripe says (its clock, not ours): the invoice blocks from now.
  'invoice.overdue': async (event) => {
    const id = objectOf<Stripe.Invoice>(event).id;
    if (id) await syncInvoice({ stripeInvoiceId: id, overdue: true });
  },
  'charge.dispute.created': async (event) => {
    // Nothing is blocked while a dispute is open; the console shows nothing yet. Recorded only.
    void event;
  },
  'charge.dispute.closed': async (event) => {
    const dispute = await stripe().disputes.retrieve(objectOf<Stripe.Dispute>(event).id);
    if (dispute.status !== 'lost') return;
    const accountId = await accountOfCharge(typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id);
    if (!accountId) return;
    await blockAccount({
      accountId,
      cause: 'dispute',
      stripeDisputeId: dispute.id,
      amountCents: dispute.amount,
      actor: { label: 'Billing' },
    });
  },
  'customer.deleted': async (event) => {
    const customerId = objectOf<Stripe.Customer>(event).id;
    // Acts only on what Stripe says now: a deleted customer is retrieved as {deleted: true}.
    const customer = await stripe()
      .customers.retrieve(customerId)
      .catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
    if (!customer?.deleted) return;
    await db.account.updateMany({
      where: { stripeCustomerId: customerId },
      data: { stripeCustomerId: null, hasPaymentMethod: false, paymentMethodLabel: null },
    });
  },
};

/** Syncs the event's invoice, then mails about it (once: see mail-invoice-notice.ts). */
function invoiceEvent(notice?: Exclude<MailInvoiceNoticeOptions['kind'], 'no_payment_method'>): Handler {
  return async (event) => {
    const id = objectOf<Stripe.Invoice>(event).id;
    if (!id) return;
    await syncInvoice({ stripeInvoiceId: id });
    if (notice) await mailInvoiceNotice({ stripeInvoiceId: id, kind: notice, eventId: event.id });
  };
}

/**
 * Handles a verified event once: the event id is recorded in the same step that makes later
 * deliveries of it no-ops, and only after its handler succeeded, so a failing handler is
 * retried by Stripe and a repeated delivery changes nothing. Unknown types are acknowledged.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<'handled' | 'duplicate' | 'ignored'> {
  const handler = handlers[event.type];
  if (!handler) return 'ignored';
  if (await db.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';
  await handler(event);
  const recorded = await db.stripeEvent.createMany({
    data: [{ id: event.id, type: event.type }],
    skipDuplicates: true,
  });
  return recorded.count ? 'handled' : 'duplicate';
}
