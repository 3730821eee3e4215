// One account's failing close does not stop the month's invoicing, and the daily sweep, run by
// graphile-worker as its cron runs it, closes what is left.
import { quickAddJob, runOnce } from 'graphile-worker';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { closeMonth } from '@/lib/server/billing/close-month';
import { closeMonthHooks } from '@/lib/server/billing/close-month-hooks';
import { getBillingStatus } from '@/lib/server/billing/get-billing-status';
import {
  billedAccount,
  type BillingWorld,
  startBillingWorld,
} from '@/lib/server/billing/__tests__/support/billing-harness';
import { monthsAgo, recordCallsIn } from '@/lib/server/billing/__tests__/support/month-close-helpers';
import { closeUnclosedMonthsTask } from '../close-unclosed-months-task';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});
afterEach(() => {
  closeMonthHooks.onStep = undefined;
});

async function runSweepJob(): Promise<void> {
  const connectionString = process.env.DATABASE_URL!;
  await quickAddJob({ connectionString }, 'close_unclosed_months', {
    _cron: { ts: new Date().toISOString(), backfilled: false },
  });
  await runOnce({ connectionString, taskList: { close_unclosed_months: closeUnclosedMonthsTask } });
}

test('six accounts with one failing: five invoiced and the failure recorded, then the daily sweep invoices the sixth', {
  timeout: 120_000,
}, async () => {
  const month = monthsAgo(1);
  const accounts = await Promise.all(Array.from({ length: 6 }, () => billedAccount(world, '4242424242424242')));
  for (const { accountId } of accounts) {
    await recordCallsIn(world, accountId, month, [
      { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
    ]); // $0.90
  }
  const failing = accounts[5]!;
  // Stripe fails for one customer, right after it made the draft (before its id was saved).
  closeMonthHooks.onStep = (step, at) => {
    if (step === 'stripe-invoice-created' && at.accountId === failing.accountId) {
      throw new Stripe.errors.StripeAPIError({
        type: 'api_error',
        message: 'An error occurred with our connection to Stripe (injected).',
      });
    }
  };
  const closed = await closeMonth({ month });
  closeMonthHooks.onStep = undefined;
  const ours = new Map(closed.map((c) => [c.accountId, c]));
  for (const { accountId } of accounts.slice(0, 5))
    expect(ours.get(accountId)).toMatchObject({ outcome: 'invoiced', amountCents: 90, invoiceStatus: 'paid' });
  expect(ours.get(failing.accountId)).toMatchObject({
    outcome: 'failed',
    error: 'An error occurred with our connection to Stripe (injected).',
  });

  // Recorded, and listed for the operator (npm run console -- billing-status).
  const status = await getBillingStatus();
  expect(status.failures.find((f) => f.accountId === failing.accountId)).toMatchObject({
    month,
    attempts: 1,
    resolvedAt: null,
  });
  expect(status.unclosed.find((u) => u.accountId === failing.accountId)).toMatchObject({
    month,
    unfinishedInvoices: 1,
  });
  for (const { accountId } of accounts.slice(0, 5))
    expect(status.unclosed.some((u) => u.accountId === accountId)).toBe(false);

  await runSweepJob();
  const sixth = await db.invoice.findMany({ where: { accountId: failing.accountId } });
  expect(sixth.map((i) => [i.month, i.amountCents, i.status])).toEqual([[month, 90, 'paid']]);
  // The draft Stripe made before the failure was taken up, not made again.
  expect((await world.stripe.invoices.list({ customer: failing.customer })).data.map((i) => i.status)).toEqual([
    'paid',
  ]);
  const failure = await db.monthCloseFailure.findUniqueOrThrow({
    where: { accountId_month: { accountId: failing.accountId, month } },
  });
  expect(failure.resolvedAt).not.toBeNull();
  expect((await getBillingStatus()).unclosed.some((u) => accounts.some((a) => a.accountId === u.accountId))).toBe(
    false,
  );
});

test('the daily sweep invoices usage recorded after its month was closed', {
  timeout: 60_000,
}, async () => {
  const month = monthsAgo(1);
  const { accountId, customer } = await billedAccount(world, '4242424242424242');
  await recordCallsIn(world, accountId, month, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
  ]);
  await closeMonth({ month, accountId });
  // A call that finished after the close (it started before midnight) lands in the closed month.
  await recordCallsIn(world, accountId, month, [
    { endpoint: '/v1/clipnet/video/comments', units: 100, priceMicros: 6000 },
  ]);
  expect((await getBillingStatus()).unclosed.find((u) => u.accountId === accountId)).toMatchObject({
    month,
    unbilledMicros: 600_000n,
  });
  await runSweepJob();
  const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { sequence: 'asc' } });
  expect(invoices.map((i) => [i.month, i.sequence, i.amountCents, i.status])).toEqual([
    [month, 1, 90, 'paid'],
    [month, 2, 60, 'paid'],
  ]);
  expect((await world.stripe.invoices.list({ customer })).data.length).toBe(2);
});

test('one sweep finishes an unfinished invoice and invoices the usage recorded after it', {
  timeout: 60_000,
}, async () => {
  const month = monthsAgo(1);
  const { accountId } = await billedAccount(world, '4242424242424242');
  await recordCallsIn(world, accountId, month, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
  ]);
  // The close stops once its invoice is recorded, before anything is in Stripe.
  closeMonthHooks.onStep = (step, at) => {
    if (step === 'invoice-row' && at.accountId === accountId) throw new Error('killed (injected)');
  };
  await closeMonth({ month, accountId });
  closeMonthHooks.onStep = undefined;
  // Then a call that finished after the close lands in the month.
  await recordCallsIn(world, accountId, month, [
    { endpoint: '/v1/clipnet/video/comments', units: 100, priceMicros: 6000 },
  ]);
  expect((await getBillingStatus()).unclosed.find((u) => u.accountId === accountId)).toMatchObject({
    month,
    unbilledMicros: 600_000n,
    unfinishedInvoices: 1,
  });

  await runSweepJob();
  const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { sequence: 'asc' } });
  expect(invoices.map((i) => [i.month, i.sequence, i.amountCents, i.status])).toEqual([
    [month, 1, 90, 'paid'],
    [month, 2, 60, 'paid'],
  ]);
  expect((await getBillingStatus()).unclosed.some((u) => u.accountId === accountId)).toBe(false);
});
