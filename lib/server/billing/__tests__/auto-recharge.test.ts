// Auto-recharge of prepaid credits on the Stripe emulator: below the threshold the set amount is
// charged off-session to the default card and added once (twice in a row as the balance falls
// again), within the monthly limit; one recharge at a time per account; a run killed during the
// charge is finished under the same idempotency key (charged once); a declined card or one whose
// bank wants authentication stops auto-recharge and mails the users, until a new card is saved.
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { rechargeIfLow } from '../auto-recharge';
import { readCreditLedger } from '../credits';
import { billedAccount, type BillingWorld, saveCard, startBillingWorld } from './support/billing-harness';
import { DECLINING_CARD, GOOD_CARD, mailTo } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A prepaid account with `card` as its default, recharging $2 below $1 within `limit` a month. */
async function recharging(card: string, limit: bigint | null = 10_000_000n) {
  const { accountId, customer } = await billedAccount(world, card);
  await db.account.update({
    where: { id: accountId },
    data: {
      billingMode: 'prepaid',
      autoRechargeEnabled: true,
      autoRechargeThresholdMicros: 1_000_000n,
      autoRechargeAmountMicros: 2_000_000n,
      autoRechargeMonthlyLimitMicros: limit,
    },
  });
  const { email } = await db.user.findFirstOrThrow({ where: { accountId } });
  return { accountId, customer, email };
}

const spend = (accountId: string, micros: bigint) =>
  db.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: micros } } });
const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId } })).creditBalanceMicros;

test('recharges below the threshold, once per fall, within the monthly limit', async () => {
  const { accountId } = await recharging(GOOD_CARD, 4_000_000n);
  expect(await rechargeIfLow(accountId)).toBe('charged');
  expect(await balanceOf(accountId)).toBe(2_000_000n);
  expect(await rechargeIfLow(accountId)).toBe('not_needed');
  await spend(accountId, 1_500_000n);
  expect(await rechargeIfLow(accountId)).toBe('charged');
  expect(await balanceOf(accountId)).toBe(2_500_000n);
  await spend(accountId, 2_000_000n);
  // $4 recharged this month already: a third $2 would pass the $4 limit.
  expect(await rechargeIfLow(accountId)).toBe('monthly_limit');
  await world.emulator.flushWebhooks();
  const ledger = await readCreditLedger(accountId);
  expect(ledger.lines.filter((l) => l.kind === 'recharge').map((l) => l.amountMicros)).toEqual([
    2_000_000n,
    2_000_000n,
  ]);
  expect(await db.creditPayment.count({ where: { accountId, kind: 'recharge', status: 'succeeded' } })).toBe(2);
});

test('one recharge at a time: runs at once make one attempt and one charge', async () => {
  const { accountId } = await recharging(GOOD_CARD);
  // A run that finds the attempt pending finishes it under its key, so it may report it charged too.
  const outcomes = await Promise.all(Array.from({ length: 5 }, () => rechargeIfLow(accountId)));
  expect(outcomes).toContain('charged');
  await world.emulator.flushWebhooks();
  expect(await balanceOf(accountId)).toBe(2_000_000n);
  const attempts = await db.creditPayment.findMany({ where: { accountId }, select: { paymentIntentId: true } });
  expect(attempts).toHaveLength(1);
  expect(await db.creditEntry.count({ where: { accountId, kind: 'recharge' } })).toBe(1);
});

test('a run killed during the charge is finished by the next under the same key: charged once', async () => {
  const { accountId, customer } = await recharging(GOOD_CARD);
  // The attempt row exists and Stripe charged, but the run died before it heard the answer.
  const attempt = await db.creditPayment.create({ data: { accountId, kind: 'recharge', amountMicros: 2_000_000n } });
  const remote = await world.stripe.customers.retrieve(customer);
  await world.stripe.paymentIntents.create(
    {
      amount: 200,
      currency: 'usd',
      customer,
      payment_method: remote.deleted ? '' : (remote.invoice_settings.default_payment_method as string),
      off_session: true,
      confirm: true,
      description: 'Automatic recharge of prepaid API credits',
      metadata: { accountId, purpose: 'credits', creditPaymentId: attempt.id },
    },
    { idempotencyKey: `credits-recharge:${attempt.id}` },
  );
  expect(await rechargeIfLow(accountId)).toBe('charged');
  await world.emulator.flushWebhooks();
  expect(await balanceOf(accountId)).toBe(2_000_000n);
  const charged = await world.stripe.paymentIntents.retrieve(
    (await db.creditPayment.findUniqueOrThrow({ where: { id: attempt.id } })).paymentIntentId!,
  );
  expect(charged.amount_received).toBe(200);
});

test('a declined recharge mails the users and stops auto-recharge until a new card is saved', async () => {
  const { accountId, customer, email } = await recharging(DECLINING_CARD);
  expect(await rechargeIfLow(accountId)).toBe('failed');
  expect(await balanceOf(accountId)).toBe(0n);
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  expect(account.autoRechargeStoppedAt).not.toBeNull();
  expect(account.autoRechargeStoppedReason).toBe('the card was declined');
  expect((await mailTo(email)).filter((m) => m.subject === 'Automatic recharge of $2.00 failed')).toHaveLength(1);
  expect(await rechargeIfLow(accountId)).toBe('not_needed');
  // A new card turns it back on.
  await saveCard(world, customer, GOOD_CARD);
  await world.emulator.flushWebhooks();
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).autoRechargeStoppedAt).toBeNull();
  expect(await rechargeIfLow(accountId)).toBe('charged');
  expect(await balanceOf(accountId)).toBe(2_000_000n);
});

test('a recharge the bank wants authenticated fails off-session and stops auto-recharge', async () => {
  const { accountId } = await recharging('4000002760003184');
  expect(await rechargeIfLow(accountId)).toBe('failed');
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).autoRechargeStoppedReason).toBe(
    'your bank asked to authenticate the payment',
  );
});
