import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { logger } from '@/lib/observability/logger';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { formatAmount } from '@/lib/money';
import { consoleUrl } from '@/lib/server/account/console-url';
import { ConsoleError } from '@/lib/server/console-error';

import { receiptDescription, receiptNumber } from './credit-receipt';
import { addCredits } from './credits';
import { ensureStripeCustomer } from './ensure-stripe-customer';
import { mailAccount } from '@/lib/server/mail/mail-account';

/** The least a purchase of credits may be ($5); the most is the operator's CREDITS_MAX_PURCHASE_USD. */
export const MIN_PURCHASE_CENTS = 500;
export const maxPurchaseCents = () => env.CREDITS_MAX_PURCHASE_USD * 100;

/** What a PaymentIntent for credits carries (metadata), so that whoever reads it can apply it. */
const CREDITS_PURPOSE = 'credits';

export type StartCreditPurchaseOptions = { accountId: string; amountCents: number; consoleOrigin: string };

/**
 * A Stripe Checkout session in payment mode for `amountCents` of credits, with the customer's
 * saved card or a new one (saved for later off-session charges). The session is recorded as a
 * pending CreditPayment, so that the reconciliation finds it if its webhook is lost.
 */
export async function startCreditPurchase({
  accountId,
  amountCents,
  consoleOrigin,
}: StartCreditPurchaseOptions): Promise<string> {
  if (!Number.isInteger(amountCents) || amountCents < MIN_PURCHASE_CENTS || amountCents > maxPurchaseCents()) {
    throw new ConsoleError(
      'invalid_input',
      `Buy from ${formatAmount(MIN_PURCHASE_CENTS * 10_000)} to ${formatAmount(maxPurchaseCents() * 10_000)} of credits, in whole cents.`,
    );
  }
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { billingMode: true } });
  if (account.billingMode !== 'prepaid')
    throw new ConsoleError('invalid_transition', 'Credits are bought by prepaid accounts.');
  const customer = await ensureStripeCustomer({ accountId });
  const metadata = { accountId, purpose: CREDITS_PURPOSE };
  const session = await stripe().checkout.sessions.create({
    mode: 'payment',
    customer,
    client_reference_id: accountId,
    line_items: [
      {
        price_data: { currency: 'usd', unit_amount: amountCents, product_data: { name: 'Prepaid API credits' } },
        quantity: 1,
      },
    ],
    payment_intent_data: { setup_future_usage: 'off_session', metadata },
    metadata,
    success_url: `${consoleOrigin}/billing/return?credits={CHECKOUT_SESSION_ID}`,
    cancel_url: `${consoleOrigin}/billing`,
  });
  if (!session.url) throw new Error('Stripe returned a Checkout session without a URL');
  await db.creditPayment.create({
    data: { accountId, kind: 'purchase', amountMicros: BigInt(amountCents) * 10_000n, checkoutSessionId: session.id },
  });
  return session.url;
}

/**
 * Applies a succeeded PaymentIntent for credits (read from Stripe, never from the event): its
 * amount received is added to the balance once (CreditEntry.paymentIntentId), whoever comes
 * first: the webhook (payment_intent.succeeded, checkout.session.completed), the return page or
 * the reconciliation. Only the account named in its metadata, whose Stripe customer paid, is
 * credited. The receipt is mailed once, by whoever added the credits. Answers whether the
 * PaymentIntent is applied (now or before); false for anything else.
 */
export async function applyCreditPayment(paymentIntentId: string, checkoutSessionId?: string): Promise<boolean> {
  const intent = await stripe().paymentIntents.retrieve(paymentIntentId);
  const accountId = intent.metadata?.accountId;
  if (intent.status !== 'succeeded' || intent.metadata?.purpose !== CREDITS_PURPOSE || !accountId) return false;
  const account = await db.account.findUnique({ where: { id: accountId }, select: { stripeCustomerId: true } });
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  if (!account || !customer || account.stripeCustomerId !== customer) return false;
  const amountMicros = BigInt(intent.amount_received) * 10_000n;
  // The attempt it belongs to: a Checkout session's, an automatic recharge's (named in the
  // metadata, as its webhook may come before the attempt row learns the PaymentIntent), or found by it.
  const attemptId = intent.metadata?.creditPaymentId;
  const select = { id: true, kind: true, accountId: true } as const;
  const found = checkoutSessionId
    ? await db.creditPayment.findUnique({ where: { checkoutSessionId }, select })
    : attemptId
      ? await db.creditPayment.findUnique({ where: { id: attemptId }, select })
      : await db.creditPayment.findUnique({ where: { paymentIntentId }, select });
  const payment = found?.accountId === accountId ? found : null;
  const kind = payment?.kind === 'recharge' ? 'recharge' : 'purchase';
  const at = new Date(intent.created * 1000);
  const { added, entryId } = await addCredits({ accountId, kind, amountMicros, paymentIntentId, at });
  if (payment) {
    await db.creditPayment.updateMany({
      where: { id: payment.id, status: { not: 'succeeded' } },
      data: { status: 'succeeded', paymentIntentId, settledAt: new Date() },
    });
  }
  if (added) {
    await mailAccount({
      accountId,
      onceKey: `credits-receipt:${paymentIntentId}`,
      notice: creditsReceiptNotice({ amountMicros, kind, at, entryId }),
    }).catch((error: unknown) =>
      logger.error({ err: error, paymentIntentId }, `mailing the receipt of ${paymentIntentId} failed`),
    );
  }
  return true;
}

/**
 * A Checkout session for credits, read from Stripe: once paid, its PaymentIntent is applied
 * (applyCreditPayment); an expired one marks its pending purchase failed. With `accountId` (the
 * return page), only a session of that account counts. Answers whether credits are applied.
 */
export async function applyCreditCheckout({
  checkoutSessionId,
  accountId,
}: {
  checkoutSessionId: string;
  accountId?: string;
}): Promise<boolean> {
  const session: Stripe.Checkout.Session | null = await stripe()
    .checkout.sessions.retrieve(checkoutSessionId)
    .catch(() => null);
  if (session?.mode !== 'payment' || session.metadata?.purpose !== CREDITS_PURPOSE) return false;
  if (accountId && session.metadata?.accountId !== accountId) return false;
  if (session.status === 'expired') {
    await db.creditPayment.updateMany({
      where: { checkoutSessionId, status: 'pending' },
      data: { status: 'failed', settledAt: new Date() },
    });
    return false;
  }
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (session.status !== 'complete' || session.payment_status !== 'paid' || !intent) return false;
  return applyCreditPayment(intent, checkoutSessionId);
}

/**
 * Purchases still pending (a lost webhook, a customer who closed the tab after paying): read
 * again from Stripe and applied, or marked failed once their session expired. Run by the hourly
 * reconciliation. Answers how many were looked at.
 */
export async function reconcileCreditPurchases({ accountId }: { accountId?: string } = {}): Promise<number> {
  const pending = await db.creditPayment.findMany({
    where: { ...(accountId ? { accountId } : {}), status: 'pending', checkoutSessionId: { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { checkoutSessionId: true },
  });
  for (const { checkoutSessionId } of pending) await applyCreditCheckout({ checkoutSessionId: checkoutSessionId! });
  return pending.length;
}

function creditsReceiptNotice({
  amountMicros,
  kind,
  at,
  entryId,
}: {
  amountMicros: bigint;
  kind: 'purchase' | 'recharge';
  at: Date;
  entryId: string;
}) {
  const what = kind === 'recharge' ? 'an automatic recharge of credits' : 'prepaid credits';
  return {
    subject: `Receipt: ${formatAmount(amountMicros)} of prepaid credits`,
    text: [
      `Thank you: we received ${formatAmount(amountMicros)} for ${what} on ${at.toISOString().slice(0, 10)} (UTC).`,
      `Receipt number: ${receiptNumber(entryId, at)}`,
      `${receiptDescription(kind)}: ${formatAmount(amountMicros)}`,
      '',
      'They are in your credit balance now, and expire 12 months after this payment (the oldest credits are drawn first).',
      '',
      `The receipt as a PDF: ${consoleUrl(`/billing/receipts/${entryId}`)}`,
      `Your balance and credit ledger: ${consoleUrl('/billing')}`,
      '',
      '— Public Data API',
    ].join('\n'),
  };
}
