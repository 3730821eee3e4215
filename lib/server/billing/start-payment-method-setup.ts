import 'server-only';

import { stripe } from '@/lib/stripe/client';

import { ensureStripeCustomer } from './ensure-stripe-customer';

export type StartPaymentMethodSetupOptions = { accountId: string; consoleOrigin: string };

/** A Stripe Checkout session in setup mode for the account's customer: card data never touches our servers. */
export async function startPaymentMethodSetup({
  accountId,
  consoleOrigin,
}: StartPaymentMethodSetupOptions): Promise<string> {
  const customer = await ensureStripeCustomer({ accountId });
  const session = await stripe().checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: 'usd',
    success_url: `${consoleOrigin}/billing/return?setup={CHECKOUT_SESSION_ID}`,
    cancel_url: `${consoleOrigin}/billing`,
    metadata: { accountId },
  });
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  return session.url;
}

export type OpenBillingPortalOptions = { accountId: string; consoleOrigin: string };

/** Stripe's customer portal: payment methods and billing details. */
export async function openBillingPortal({ accountId, consoleOrigin }: OpenBillingPortalOptions): Promise<string> {
  const customer = await ensureStripeCustomer({ accountId });
  const session = await stripe().billingPortal.sessions.create({ customer, return_url: `${consoleOrigin}/billing` });
  return session.url;
}
