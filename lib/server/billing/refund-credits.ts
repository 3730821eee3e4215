import 'server-only';

import { stripe } from '@/lib/stripe/client';
import { db } from '@/lib/db';
import { formatAmount } from '@/lib/money';
import { logError } from '@/lib/observability/logger';
import { ConsoleError } from '@/lib/server/console-error';

import { lockCreditBalance } from './credits';
import { MICROS_PER_CENT } from './invoice-amounts';

export type RefundCreditsOptions = {
  accountId: string;
  /** Whole cents' worth of micro-dollars. */
  amountMicros: bigint;
  reason: string;
  createdBy: string;
  now?: Date;
};

/**
 * Gives back unspent credits to the card that paid for them: the amount leaves the balance and is
 * refunded in Stripe from the newest paid lots first (those the oldest-first draws reach last; a
 * grant is never refunded; two payments of the same second, Stripe's resolution, in either
 * order), one Stripe refund per lot. It can refund at most the balance less
 * what calls in flight hold, and of each lot what earlier refunds left of it. The ledger lines
 * ("Refund", one per lot, naming it) and the balance change commit first, under the account's
 * spend lock as every draw takes it, so no call can spend what is being refunded; then each
 * Stripe refund is made under an idempotency key of its line. A refund Stripe refuses gives its
 * credits back to the balance; one cut short by a crash is finished by the reconciliation
 * (finishCreditRefunds), under the same key, so the card is refunded once.
 */
export async function refundCredits(
  options: RefundCreditsOptions,
): Promise<{ refundedMicros: bigint; refunds: number }> {
  const { accountId, amountMicros, reason, createdBy, now = new Date() } = options;
  if (amountMicros <= 0n || amountMicros % MICROS_PER_CENT !== 0n) {
    throw new ConsoleError('invalid_input', 'A refund must be a positive amount in whole cents');
  }
  const lines = await db.$transaction(async (tx) => {
    const state = await lockCreditBalance(tx, accountId, now);
    const available = state ? state.balance - state.held : 0n;
    if (amountMicros > available) {
      throw new ConsoleError(
        'invalid_input',
        `Only ${formatAmount(available > 0n ? available : 0n)} of credits can be refunded (the balance, less what calls in flight hold)`,
      );
    }
    const lots = await tx.creditEntry.findMany({
      where: {
        accountId,
        kind: { in: ['purchase', 'recharge'] },
        paymentIntentId: { not: null },
        expiredBy: null,
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, amountMicros: true, refunds: { select: { amountMicros: true } } },
    });
    let left = amountMicros;
    const planned: { lotId: string; micros: bigint }[] = [];
    for (const lot of lots) {
      if (left === 0n) break;
      const refundable = lot.amountMicros + lot.refunds.reduce((sum, r) => sum + r.amountMicros, 0n);
      // Whole cents only: Stripe refunds cents.
      const wholeCents = refundable - (refundable % MICROS_PER_CENT);
      let take = left;
      if (wholeCents < take) take = wholeCents;
      if (take > 0n) planned.push({ lotId: lot.id, micros: take });
      left -= take;
    }
    if (left > 0n) {
      throw new ConsoleError(
        'invalid_input',
        `Only ${formatAmount(amountMicros - left)} of the credits were paid for and not refunded yet (grants are not refunded)`,
      );
    }
    const created = [];
    for (const { lotId, micros } of planned) {
      created.push(
        await tx.creditEntry.create({
          data: {
            accountId,
            kind: 'refund',
            amountMicros: -micros,
            createdAt: now,
            refundOfId: lotId,
            reason,
            createdBy,
          },
          select: { id: true },
        }),
      );
    }
    await tx.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: amountMicros } } });
    return created;
  });
  for (const line of lines) await makeStripeRefund(line.id);
  return { refundedMicros: amountMicros, refunds: lines.length };
}

/**
 * Makes the Stripe refund of one refund line (once, under its idempotency key) and saves its id;
 * if Stripe refuses it, the line is removed and its credits go back to the balance, and the
 * refusal is thrown.
 */
async function makeStripeRefund(entryId: string): Promise<void> {
  const line = await db.creditEntry.findUniqueOrThrow({
    where: { id: entryId },
    select: {
      accountId: true,
      amountMicros: true,
      stripeRefundId: true,
      refundOf: { select: { paymentIntentId: true } },
    },
  });
  if (line.stripeRefundId || !line.refundOf?.paymentIntentId) return;
  let refundId: string;
  try {
    const refund = await stripe().refunds.create(
      {
        payment_intent: line.refundOf.paymentIntentId,
        amount: Number(-line.amountMicros / MICROS_PER_CENT),
        reason: 'requested_by_customer',
        metadata: { creditEntryId: entryId, accountId: line.accountId },
      },
      { idempotencyKey: `credits-refund:${entryId}` },
    );
    refundId = refund.id;
  } catch (error) {
    // Refused (not a network failure, which the reconciliation retries): the credits stay the customer's.
    const refused = error instanceof Error && 'type' in error && error.type === 'StripeInvalidRequestError';
    if (refused) {
      await db.$transaction([
        db.creditEntry.delete({ where: { id: entryId } }),
        db.account.update({
          where: { id: line.accountId },
          data: { creditBalanceMicros: { increment: -line.amountMicros } },
        }),
      ]);
    }
    throw error;
  }
  await db.creditEntry.update({ where: { id: entryId }, data: { stripeRefundId: refundId } });
}

/**
 * Refund lines whose Stripe refund a crash cut short: made now, under the same idempotency key (so
 * a refund Stripe made before the crash is not made twice). Run by the hourly reconciliation.
 * Answers how many were looked at.
 */
export async function finishCreditRefunds({ accountId }: { accountId?: string } = {}): Promise<number> {
  const pending = await db.creditEntry.findMany({
    where: { ...(accountId ? { accountId } : {}), kind: 'refund', stripeRefundId: null, refundOfId: { not: null } },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  for (const { id } of pending) {
    await makeStripeRefund(id).catch((error: unknown) => {
      logError(`finishing the credit refund ${id} failed (retried at the next reconciliation)`, error);
    });
  }
  return pending.length;
}
