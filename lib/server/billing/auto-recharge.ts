import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { logger } from '@/lib/observability/logger';
import { db } from '@/lib/db';
import { formatAmount } from '@/lib/money';
import { consoleUrl } from '@/lib/server/account/console-url';
import { monthRange, billingMonth } from '@/lib/utc-month';

import { applyCreditPayment } from './credit-purchases';
import { mailAccount } from '@/lib/server/mail/mail-account';

export type RechargeOutcome = 'not_needed' | 'charged' | 'failed' | 'monthly_limit' | 'no_card' | 'pending';

/**
 * Recharges a prepaid account whose balance is below its auto-recharge threshold: the set amount
 * is charged off-session to the customer's default card (a PaymentIntent, `off_session: true`),
 * at most one recharge at a time per account (a pending CreditPayment of kind recharge, created
 * under a lock per account, is finished before another starts) and within the monthly limit (the
 * recharges that succeeded this UTC month plus this one). Each attempt is its own CreditPayment
 * row, whose id makes the Stripe idempotency key, so a run killed during the charge asks Stripe
 * again under the same key and gets the same PaymentIntent: charged once. The credits are added
 * through applyCreditPayment (once per PaymentIntent). A declined charge, or one the bank wants
 * authenticated, stops auto-recharge (until the card is updated) and mails the users; calls go on
 * until the balance is spent, then 402 insufficient_credits.
 */
export async function rechargeIfLow(accountId: string, now = new Date()): Promise<RechargeOutcome> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: {
      billingMode: true,
      creditBalanceMicros: true,
      stripeCustomerId: true,
      autoRechargeEnabled: true,
      autoRechargeThresholdMicros: true,
      autoRechargeAmountMicros: true,
      autoRechargeMonthlyLimitMicros: true,
      autoRechargeStoppedAt: true,
    },
  });
  const pending = await db.creditPayment.findFirst({
    where: { accountId, kind: 'recharge', status: 'pending' },
    select: { id: true, amountMicros: true },
  });
  if (pending) return finishRecharge(accountId, pending);
  const threshold = account.autoRechargeThresholdMicros;
  const amount = account.autoRechargeAmountMicros;
  if (
    account.billingMode !== 'prepaid' ||
    !account.autoRechargeEnabled ||
    account.autoRechargeStoppedAt ||
    threshold === null ||
    amount === null ||
    account.creditBalanceMicros >= threshold
  ) {
    return 'not_needed';
  }
  if (!account.stripeCustomerId) return 'no_card';
  const payment = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('recharge:' || ${accountId}))`;
    // Another run may have started one meanwhile: one at a time.
    const started = await tx.creditPayment.findFirst({
      where: { accountId, kind: 'recharge', status: 'pending' },
      select: { id: true },
    });
    if (started) return null;
    // Read again under the lock: a recharge that finished meanwhile has added its credits.
    const { creditBalanceMicros } = await tx.account.findUniqueOrThrow({
      where: { id: accountId },
      select: { creditBalanceMicros: true },
    });
    if (creditBalanceMicros >= threshold) return 'enough' as const;
    const [start, end] = monthRange(billingMonth(now));
    const month = await tx.creditPayment.aggregate({
      where: { accountId, kind: 'recharge', status: 'succeeded', createdAt: { gte: start, lt: end } },
      _sum: { amountMicros: true },
    });
    const limit = account.autoRechargeMonthlyLimitMicros;
    if (limit !== null && (month._sum.amountMicros ?? 0n) + amount > limit) return 'limit' as const;
    return tx.creditPayment.create({
      data: { accountId, kind: 'recharge', amountMicros: amount, createdAt: now },
      select: { id: true, amountMicros: true },
    });
  });
  if (payment === null) return 'pending';
  if (payment === 'enough') return 'not_needed';
  if (payment === 'limit') return 'monthly_limit';
  return finishRecharge(accountId, payment);
}

/** Charges (or asks Stripe again under the same key for) one recharge attempt, and settles it. */
async function finishRecharge(
  accountId: string,
  payment: { id: string; amountMicros: bigint },
): Promise<RechargeOutcome> {
  const { stripeCustomerId: customer } = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { stripeCustomerId: true },
  });
  const remote = customer ? await stripe().customers.retrieve(customer) : null;
  const card = remote && !remote.deleted ? remote.invoice_settings.default_payment_method : null;
  const cardId = typeof card === 'string' ? card : card?.id;
  if (!customer || !cardId) {
    await settleFailed(accountId, payment.id, null, 'no card is on file');
    return 'no_card';
  }
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe().paymentIntents.create(
      {
        amount: Number(payment.amountMicros / 10_000n),
        currency: 'usd',
        customer,
        payment_method: cardId,
        off_session: true,
        confirm: true,
        description: 'Automatic recharge of prepaid API credits',
        metadata: { accountId, purpose: 'credits', creditPaymentId: payment.id },
      },
      { idempotencyKey: `credits-recharge:${payment.id}` },
    );
  } catch (error) {
    const failure = error as { type?: string; code?: string; message?: string; payment_intent?: { id?: string } };
    if (failure.type !== 'StripeCardError') throw error; // outcome unknown: the next run asks again, same key
    const reason =
      failure.code === 'authentication_required'
        ? 'your bank asked to authenticate the payment'
        : 'the card was declined';
    await settleFailed(accountId, payment.id, failure.payment_intent?.id ?? null, reason);
    return 'failed';
  }
  await db.creditPayment.update({ where: { id: payment.id }, data: { paymentIntentId: intent.id } });
  if (intent.status !== 'succeeded') {
    await settleFailed(accountId, payment.id, intent.id, 'the payment was not completed');
    return 'failed';
  }
  await applyCreditPayment(intent.id);
  return 'charged';
}

async function settleFailed(accountId: string, paymentId: string, intentId: string | null, reason: string) {
  const { amountMicros } = await db.creditPayment.update({
    where: { id: paymentId },
    data: { status: 'failed', settledAt: new Date(), ...(intentId ? { paymentIntentId: intentId } : {}) },
    select: { amountMicros: true },
  });
  await db.account.update({
    where: { id: accountId },
    data: { autoRechargeStoppedAt: new Date(), autoRechargeStoppedReason: reason },
  });
  await mailAccount({
    accountId,
    onceKey: `credits-recharge-failed:${paymentId}`,
    notice: {
      subject: `Automatic recharge of ${formatAmount(amountMicros)} failed`,
      text: [
        `We could not recharge your prepaid credits with ${formatAmount(amountMicros)}: ${reason}.`,
        'Automatic recharge is off until you update your card. Your calls go on until your balance is spent, then the API answers 402 insufficient_credits.',
        '',
        `Update your card or buy credits: ${consoleUrl('/billing')}`,
        '',
        '— Public Data API',
      ].join('\n'),
    },
  }).catch((error: unknown) =>
    logger.error({ err: error, paymentId }, `mailing the failed recharge ${paymentId} failed`),
  );
}

/** Every prepaid account due a recharge (or with one pending): recharged. Run by the worker. */
export async function rechargeLowAccounts(now = new Date()): Promise<Record<RechargeOutcome, number>> {
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT a."id" FROM "Account" a
    WHERE (a."billingMode" = 'prepaid' AND a."autoRechargeEnabled" AND a."autoRechargeStoppedAt" IS NULL
           AND a."creditBalanceMicros" < a."autoRechargeThresholdMicros")
       OR EXISTS (SELECT FROM "CreditPayment" p WHERE p."accountId" = a."id" AND p."kind" = 'recharge' AND p."status" = 'pending')`;
  const counts: Record<RechargeOutcome, number> = {
    not_needed: 0,
    charged: 0,
    failed: 0,
    monthly_limit: 0,
    no_card: 0,
    pending: 0,
  };
  for (const { id } of due) {
    try {
      counts[await rechargeIfLow(id, now)]++;
    } catch (error) {
      logger.error({ err: error, accountId: id }, `auto-recharge of ${id} failed (tried again at the next run)`);
    }
  }
  return counts;
}
