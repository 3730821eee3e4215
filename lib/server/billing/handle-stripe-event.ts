import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';

import { applySetupIntent, refreshPaymentMethod } from './apply-payment-method';
import { refreshAccountStanding } from './refresh-account-standing';
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

// One small handler per event type; each re-reads what it acts on from Stripe.
const handlers: Record<string, Handler> = {
  'checkout.session.completed': async (event) => {
    const session = await stripe().checkout.sessions.retrieve(objectOf<Stripe.Checkout.Session>(event).id);
    const intent = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
    if (session.mode === 'setup' && intent) await applySetupIntent({ setupIntentId: intent });
  },
  'setup_intent.succeeded': async (event) => {
    await applySetupIntent({ setupIntentId: objectOf<Stripe.SetupIntent>(event).id });
  },
  'payment_method.detached': async (event) => {
    const previous = event.data.previous_attributes as { customer?: string } | undefined;
    const customer = objectOf<Stripe.PaymentMethod>(event).customer ?? previous?.customer;
    if (typeof customer === 'string') await refreshPaymentMethod({ customerId: customer });
  },
  'customer.updated': async (event) => {
    await refreshPaymentMethod({ customerId: objectOf<Stripe.Customer>(event).id });
  },
  'invoice.finalized': syncInvoiceEvent,
  'invoice.paid': syncInvoiceEvent,
  'invoice.payment_failed': syncInvoiceEvent,
  'invoice.marked_uncollectible': syncInvoiceEvent,
  'invoice.voided': syncInvoiceEvent,
  'charge.dispute.created': async (event) => {
    // Nothing is blocked while a dispute is open; the console shows nothing yet. Recorded only.
    void event;
  },
  'charge.dispute.closed': async (event) => {
    const dispute = await stripe().disputes.retrieve(objectOf<Stripe.Dispute>(event).id);
    if (dispute.status !== 'lost') return;
    const accountId = await accountOfCharge(typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id);
    if (!accountId) return;
    await db.account.update({
      where: { id: accountId },
      data: { blockedAt: new Date(), blockedReason: `A payment was disputed and the dispute was lost (${dispute.id}). Contact support.` },
    });
    await refreshAccountStanding({ accountId });
  },
  'customer.deleted': async (event) => {
    const customerId = objectOf<Stripe.Customer>(event).id;
    await db.account.updateMany({ where: { stripeCustomerId: customerId }, data: { stripeCustomerId: null, hasPaymentMethod: false, paymentMethodLabel: null } });
  },
};

async function syncInvoiceEvent(event: Stripe.Event): Promise<void> {
  const id = objectOf<Stripe.Invoice>(event).id;
  if (id) await syncInvoice({ stripeInvoiceId: id });
}

export const handledStripeEvents = Object.keys(handlers);

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
  const recorded = await db.stripeEvent.createMany({ data: [{ id: event.id, type: event.type }], skipDuplicates: true });
  return recorded.count ? 'handled' : 'duplicate';
}
