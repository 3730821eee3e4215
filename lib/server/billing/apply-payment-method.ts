import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';

import { retryOpenInvoices } from './retry-open-invoices';

export type ApplySetupIntentOptions = { setupIntentId: string; /** Only for this account (the console's return page). */ accountId?: string };

function label(method: Stripe.PaymentMethod): string {
  const card = method.card;
  return card ? `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}` : method.type;
}

/**
 * A card saved through Checkout (setup mode): it becomes the customer's default payment method,
 * the account has a payment method on file (the free-tier cap lifts on its next request), and
 * every open invoice is charged again with it. Re-read from Stripe, so it is safe to apply from
 * the webhook and from the return page, in any order and more than once.
 */
export async function applySetupIntent({ setupIntentId, accountId }: ApplySetupIntentOptions): Promise<boolean> {
  const intent = await stripe().setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
  const method = intent.payment_method as Stripe.PaymentMethod | null;
  if (intent.status !== 'succeeded' || !method || typeof intent.customer !== 'string') return false;
  const account = await db.account.findFirst({
    where: { stripeCustomerId: intent.customer, ...(accountId ? { id: accountId } : {}) },
    select: { id: true },
  });
  if (!account) return false;
  await stripe().customers.update(intent.customer, { invoice_settings: { default_payment_method: method.id } }, { idempotencyKey: `default-pm:${intent.customer}:${method.id}` });
  await db.account.update({ where: { id: account.id }, data: { hasPaymentMethod: true, paymentMethodLabel: label(method) } });
  await retryOpenInvoices({ accountId: account.id });
  return true;
}

export type DetachPaymentMethodOptions = { customerId: string };

/** The customer's card was removed (portal, dashboard): without a default, no payment method is on file. */
export async function refreshPaymentMethod({ customerId }: DetachPaymentMethodOptions): Promise<void> {
  const customer = await stripe().customers.retrieve(customerId, { expand: ['invoice_settings.default_payment_method'] });
  const account = await db.account.findFirst({ where: { stripeCustomerId: customerId }, select: { id: true } });
  if (!account) return;
  const method = customer.deleted ? null : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
  await db.account.update({
    where: { id: account.id },
    data: method ? { hasPaymentMethod: true, paymentMethodLabel: label(method) } : { hasPaymentMethod: false, paymentMethodLabel: null },
  });
}
