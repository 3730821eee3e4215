import 'server-only';

import { stripe } from '@/lib/stripe/client';
import { logger } from '@/lib/observability/logger';

import { applySetupIntent } from './apply-payment-method';
import { retryUnpaidInvoices } from './retry-unpaid-invoices';

export type CompletePaymentMethodSetupOptions = { accountId: string; checkoutSessionId: string };

/**
 * The return from Checkout: applies the saved card at once and charges the unpaid invoices with
 * it (the webhooks do the same, later; either may come first, and the invoices are tried once).
 * Only a session of this account's customer counts. A retry that fails here is left to the
 * webhooks, which Stripe delivers again until they succeed: the card is saved either way.
 */
export async function completePaymentMethodSetup({
  accountId,
  checkoutSessionId,
}: CompletePaymentMethodSetupOptions): Promise<boolean> {
  const session = await stripe()
    .checkout.sessions.retrieve(checkoutSessionId)
    .catch(() => null);
  const intent = typeof session?.setup_intent === 'string' ? session.setup_intent : session?.setup_intent?.id;
  if (session?.status !== 'complete' || !intent) return false;
  if (!(await applySetupIntent({ setupIntentId: intent, accountId }))) return false;
  await retryUnpaidInvoices({ accountId }).catch((error: unknown) =>
    logger.error({ err: error, accountId }, `retrying the unpaid invoices of ${accountId} failed`),
  );
  return true;
}
