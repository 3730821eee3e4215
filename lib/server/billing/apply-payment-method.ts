import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';

export type ApplySetupIntentOptions = {
  setupIntentId: string /** Only for this account (the console's return page). */;
  accountId?: string;
};

function label(method: Stripe.PaymentMethod): string {
  const card = method.card;
  return card ? `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}` : method.type;
}

/**
 * A card saved through Checkout (setup mode): it becomes the customer's default payment method
 * (unless a card was saved after it) and the account has a payment method on file (the free-tier
 * cap lifts on its next request). Re-read from Stripe, so it is safe to apply from the webhook
 * and from the return page, in any order and more than once. The account's id, for the caller to
 * retry its unpaid invoices with the card (retry-unpaid-invoices.ts); null when the intent is
 * not a saved card of an account.
 */
export async function applySetupIntent({ setupIntentId, accountId }: ApplySetupIntentOptions): Promise<string | null> {
  const intent = await stripe().setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
  const method = intent.payment_method as Stripe.PaymentMethod | null;
  if (intent.status !== 'succeeded' || !method || typeof intent.customer !== 'string') return null;
  const account = await db.account.findFirst({
    where: { stripeCustomerId: intent.customer, ...(accountId ? { id: accountId } : {}) },
    select: { id: true },
  });
  if (!account) return null;
  // A late or repeated delivery of an older card's events must not take the default back from a
  // card saved after it: only the customer's newest card (Stripe lists them newest first) becomes the default.
  const [newest] = (await stripe().paymentMethods.list({ customer: intent.customer, limit: 1 })).data;
  if (newest?.id !== method.id) {
    await refreshPaymentMethod({ customerId: intent.customer });
    return account.id;
  }
  await stripe().customers.update(
    intent.customer,
    { invoice_settings: { default_payment_method: method.id } },
    { idempotencyKey: `default-pm:${intent.customer}:${method.id}` },
  );
  await db.account.update({
    where: { id: account.id },
    data: { hasPaymentMethod: true, paymentMethodLabel: label(method) },
  });
  return account.id;
}

export type RefreshPaymentMethodOptions = { customerId: string };

/**
 * The customer's default card as Stripe has it now (changed or removed in the portal or the
 * dashboard): without a default, no payment method is on file. The account's id, or null.
 */
export async function refreshPaymentMethod({ customerId }: RefreshPaymentMethodOptions): Promise<string | null> {
  const customer = await stripe().customers.retrieve(customerId, {
    expand: ['invoice_settings.default_payment_method'],
  });
  const account = await db.account.findFirst({ where: { stripeCustomerId: customerId }, select: { id: true } });
  if (!account) return null;
  const method = customer.deleted
    ? null
    : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
  await db.account.update({
    where: { id: account.id },
    data: method
      ? { hasPaymentMethod: true, paymentMethodLabel: label(method) }
      : { hasPaymentMethod: false, paymentMethodLabel: null },
  });
  return account.id;
}
