// GET /billing/return: where Stripe Checkout sends the browser back (the success_url of a credit
// purchase or of saving a card). It applies the result now rather than waiting for Stripe's
// webhook (once either way), then sends the browser on to /billing with a notice, so that the
// page itself only reads and everything on it (the blocked banner too) shows the result.
import { redirect } from 'next/navigation';

import { requireSession } from '@/lib/auth/require-session';
import { logger } from '@/lib/observability/logger';
import { completePaymentMethodSetup } from '@/lib/server/billing/complete-payment-method-setup';
import { applyCreditCheckout } from '@/lib/server/billing/credit-purchases';

export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<never> {
  const { accountId } = await requireSession();
  const query = new URL(request.url).searchParams;
  const credits = query.get('credits');
  if (credits) {
    // Payment mode: the credits are added by whoever comes first (this, the webhook or the reconciliation).
    const applied = await applyCreditCheckout({ checkoutSessionId: credits, accountId }).catch((error: unknown) => {
      logger.error(
        { err: error },
        'Applying a credit purchase on return failed (the webhook or the reconciliation will)',
      );
      return false;
    });
    redirect(applied ? '/billing?bought=1' : '/billing?bought=pending');
  }
  const setup = query.get('setup');
  if (setup) {
    // Setup mode: a failure here leaves the card to the webhook; /billing shows it once it is applied.
    const applied = await completePaymentMethodSetup({ accountId, checkoutSessionId: setup }).catch(
      (error: unknown) => {
        logger.error({ err: error }, 'Saving a payment method on return failed (the webhook will)');
        return false;
      },
    );
    redirect(applied ? '/billing?saved=1' : '/billing');
  }
  redirect('/billing');
}
