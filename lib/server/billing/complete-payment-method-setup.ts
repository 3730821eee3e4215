import 'server-only';

import { stripe } from '@/lib/billing/stripe-client';

import { applySetupIntent } from './apply-payment-method';

export type CompletePaymentMethodSetupOptions = { accountId: string; checkoutSessionId: string };

/**
 * The return from Checkout: applies the saved card at once (the webhook does the same, later;
 * either may come first). Only a session of this account's customer counts.
 */
export async function completePaymentMethodSetup({ accountId, checkoutSessionId }: CompletePaymentMethodSetupOptions): Promise<boolean> {
  const session = await stripe().checkout.sessions.retrieve(checkoutSessionId).catch(() => null);
  const intent = typeof session?.setup_intent === 'string' ? session.setup_intent : session?.setup_intent?.id;
  if (!session || session.status !== 'complete' || !intent) return false;
  return applySetupIntent({ setupIntentId: intent, accountId });
}
