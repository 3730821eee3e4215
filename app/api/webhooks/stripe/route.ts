// POST /api/webhooks/stripe: Stripe's events (or the Stripe emulator's, signed the same way).
// The signature is checked on the raw body; a bad or missing one is a 400, a failing handler a
// 500 so that Stripe retries, and an event type we do not handle a 200.
import Stripe from 'stripe';

import { webhookSecret } from '@/lib/stripe/client';
import { logConsoleError } from '@/lib/observability/console-log';
import { handleStripeEvent } from '@/lib/server/billing/handle-stripe-event';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function POST(request: Request): Promise<Response> {
  const secret = webhookSecret();
  if (!secret)
    return Response.json(
      { error: 'Webhooks are not configured (STRIPE_WEBHOOK_SECRET)', code: 'not_configured' },
      { status: 503 },
    );
  const signature = request.headers.get('stripe-signature');
  const body = await request.text();
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing');
    event = Stripe.webhooks.constructEvent(body, signature, secret);
  } catch {
    return Response.json({ error: 'Invalid or missing Stripe-Signature', code: 'invalid_signature' }, { status: 400 });
  }
  try {
    const outcome = await handleStripeEvent(event);
    return Response.json({ received: true, outcome });
  } catch (error) {
    await logConsoleError(`stripe webhook ${event.id} (${event.type}) failed`, error, { eventId: event.id });
    return Response.json(
      { error: 'Handling the event failed; it will be retried', code: 'handler_failed' },
      { status: 500 },
    );
  }
}
