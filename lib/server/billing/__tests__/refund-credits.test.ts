// Refunding unspent credits, end to end on the Stripe emulator: the newest payments are refunded
// first, one Stripe refund per payment, the ledger shows each refund and still sums to the
// balance; no refund passes the balance less what calls in flight hold, nor refunds a grant; a
// refund a crash cut short is finished once by the reconciliation.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { applyCreditCheckout, startCreditPurchase } from '../credit-purchases';
import { addCredits, readCreditLedger } from '../credits';
import { ConsoleError } from '@/lib/server/console-error';
import { finishCreditRefunds, refundCredits } from '../refund-credits';
import { type BillingWorld, startBillingWorld } from './support/billing-harness';
import { GOOD_CARD } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

async function prepaidAccount() {
  const { accountId } = await findOrCreateAccountByEmail({ email: `refund-${randomUUID()}@example.test` });
  await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
  return accountId;
}

/** Buys credits through Checkout and answers the PaymentIntent that paid. */
async function buy(accountId: string, amountCents: number): Promise<string> {
  const url = await startCreditPurchase({ accountId, amountCents, consoleOrigin: 'http://console.test' });
  const sessionId = /cs_[A-Za-z0-9_]+/.exec(url)![0];
  await world.emulator.control(`/_sandbox/checkout/${sessionId}/complete`, { card: GOOD_CARD });
  expect(await applyCreditCheckout({ checkoutSessionId: sessionId, accountId })).toBe(true);
  const session = await world.stripe.checkout.sessions.retrieve(sessionId);
  return session.payment_intent as string;
}

const refundsOf = async (paymentIntent: string) =>
  (await world.stripe.refunds.list({ payment_intent: paymentIntent })).data.map((r) => [r.amount, r.status]);

const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalanceMicros: true } }))
    .creditBalanceMicros;

test('refunds the newest payments first, one Stripe refund each; the ledger sums to the balance', async () => {
  const accountId = await prepaidAccount();
  const older = await buy(accountId, 500);
  // A payment's time is Stripe's, in whole seconds: two in one second have no order between them.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const newer = await buy(accountId, 800);
  await addCredits({ accountId, kind: 'grant', amountMicros: 2_000_000n, reason: 'promotion' });
  expect(await balanceOf(accountId)).toBe(15_000_000n);

  expect(
    await refundCredits({ accountId, amountMicros: 10_000_000n, reason: 'customer asked', createdBy: 'test' }),
  ).toEqual({ refundedMicros: 10_000_000n, refunds: 2 });
  expect(await balanceOf(accountId)).toBe(5_000_000n);
  expect(await refundsOf(newer)).toEqual([[800, 'succeeded']]);
  expect(await refundsOf(older)).toEqual([[200, 'succeeded']]);
  const ledger = await readCreditLedger(accountId);
  expect(ledger.lines.filter((l) => l.kind === 'refund').map((l) => [l.label, l.amountMicros])).toEqual([
    ['Refunded to your card', -8_000_000n],
    ['Refunded to your card', -2_000_000n],
  ]);
  expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(ledger.balanceMicros);

  // $3 of the older payment is left to refund; the $2 grant is not refundable.
  await expect(
    refundCredits({ accountId, amountMicros: 4_000_000n, reason: 'customer asked', createdBy: 'test' }),
  ).rejects.toThrow(
    new ConsoleError(
      'invalid_input',
      'Only $3.00 of the credits were paid for and not refunded yet (grants are not refunded)',
    ),
  );
  expect(await balanceOf(accountId)).toBe(5_000_000n);
});

test('no refund passes the balance less what calls in flight hold; amounts are whole cents', async () => {
  const accountId = await prepaidAccount();
  await buy(accountId, 500);
  await db.callHold.create({
    data: {
      id: `req_${randomUUID().replace(/-/g, '')}`,
      accountId,
      endpoint: '/v1/forumsite/posts',
      day: new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
      month: billingMonth(),
      micros: 1_500_000n,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    },
  });
  await expect(
    refundCredits({ accountId, amountMicros: 4_000_000n, reason: 'customer asked', createdBy: 'test' }),
  ).rejects.toThrow('Only $3.50 of credits can be refunded');
  await expect(
    refundCredits({ accountId, amountMicros: 1_234_567n, reason: 'customer asked', createdBy: 'test' }),
  ).rejects.toThrow('whole cents');
  expect(await balanceOf(accountId)).toBe(5_000_000n);
});

test('a refund a crash cut short is made once by the reconciliation', async () => {
  const accountId = await prepaidAccount();
  const paid = await buy(accountId, 600);
  const lot = await db.creditEntry.findFirstOrThrow({ where: { accountId, kind: 'purchase' } });
  // What refundCredits commits before it asks Stripe, as a process killed right then leaves it.
  await db.$transaction([
    db.creditEntry.create({
      data: {
        accountId,
        kind: 'refund',
        amountMicros: -2_500_000n,
        refundOfId: lot.id,
        reason: 'asked',
        createdBy: 'test',
      },
    }),
    db.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: 2_500_000n } } }),
  ]);
  expect(await finishCreditRefunds({ accountId })).toBe(1);
  expect(await finishCreditRefunds({ accountId })).toBe(0);
  expect(await refundsOf(paid)).toEqual([[250, 'succeeded']]);
  const line = await db.creditEntry.findFirstOrThrow({ where: { accountId, kind: 'refund' } });
  expect(line.stripeRefundId).toMatch(/^re_/);
  expect(await balanceOf(accountId)).toBe(3_500_000n);
});
