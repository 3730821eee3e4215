// A close resumed after Stripe's idempotency keys expired (24 h) makes no second draft or item, and
// Stripe's total is checked against the ledger's before finalizing.
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { closeMonth } from '../close-month';
import { closeMonthHooks, type CloseMonthStep } from '../close-month-hooks';
import { MICROS_PER_CENT } from '../invoice-amounts';
import {
  billedAccount,
  type BillingWorld,
  ledgerMicros,
  recordCalls,
  startBillingWorld,
} from './support/billing-harness';
import { billingMonth } from '@/lib/utc-month';

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

const month = billingMonth();

/** Stripe forgets every idempotency key: the emulator's clock moves past their 24 hours. */
async function expireIdempotencyKeys(): Promise<void> {
  await world.emulator.clock.advance(25 * 3600);
}

/** An account whose month bills three lines with fractions of a cent: $0.90 + $0.105 + $0.009 = 101 cents and a 1-cent rounding line. */
async function accountWithFractions() {
  const account = await billedAccount(world, '4242424242424242');
  await recordCalls(world, account.accountId, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
    { endpoint: '/v1/shop/products', units: 71, priceMicros: 5000 },
    { endpoint: '/v1/openmicro/posts', units: 53, priceMicros: 3000 },
  ]);
  return account;
}

/** Stops the close at the n-th time it reaches `step`, as a killed process would. */
function crashAt(step: CloseMonthStep, nth = 1): void {
  let seen = 0;
  closeMonthHooks.onStep = (reached) => {
    if (reached === step && ++seen === nth) throw new Error(`killed at ${step} #${nth}`);
  };
}

test('a close resumed after the idempotency keys expired charges what the ledger says, with each line once', {
  timeout: 120_000,
}, async () => {
  // After Stripe made the draft, after it made the first item and the rounding item (ids not saved yet), and with every item saved.
  const crashes: [CloseMonthStep, number][] = [
    ['stripe-invoice-created', 1],
    ['item-created', 1],
    ['item-created', 4],
    ['items', 1],
  ];
  for (const [step, nth] of crashes) {
    const { accountId, customer } = await accountWithFractions();
    crashAt(step, nth);
    expect(await closeMonth({ month, accountId })).toEqual([
      expect.objectContaining({ outcome: 'failed', error: `killed at ${step} #${nth}` }),
    ]);
    closeMonthHooks.onStep = undefined;
    await expireIdempotencyKeys();
    const [resumed] = await closeMonth({ month, accountId });
    expect(resumed).toMatchObject({
      outcome: 'invoiced',
      amountCents: 101,
      invoiceStatus: 'paid',
      carriedOutMicros: 4_000n,
    });

    const invoices = (await world.stripe.invoices.list({ customer })).data;
    expect(invoices.map((i) => [i.status, i.amount_paid])).toEqual([['paid', 101]]);
    const names = invoices[0]!.lines.data.map((l) => l.description!.split(':')[0]);
    expect(names).toEqual([
      '/v1/clipnet/video/comments',
      '/v1/openmicro/posts',
      '/v1/shop/products',
      'Rounding to whole cents',
    ]);
    const local = await db.invoice.findFirstOrThrow({ where: { accountId } });
    expect(BigInt(local.amountCents) * MICROS_PER_CENT + local.carriedOutMicros).toBe(await ledgerMicros(accountId));
  }
});

test("stops loudly, without finalizing, when Stripe's draft does not add up to the ledger", async () => {
  const { accountId, customer } = await accountWithFractions();
  crashAt('items');
  await closeMonth({ month, accountId });
  closeMonthHooks.onStep = undefined;
  // Something else put an item on the draft (a hand edit in the dashboard, a bug).
  const draft = await db.invoice.findFirstOrThrow({ where: { accountId } });
  await world.stripe.invoiceItems.create({
    customer,
    invoice: draft.stripeInvoiceId!,
    currency: 'usd',
    amount: 1,
    description: 'stray',
  });

  const [stopped] = await closeMonth({ month, accountId });
  expect(stopped).toMatchObject({ outcome: 'failed' });
  expect(stopped!.error).toBe(
    `Stripe's draft invoice ${draft.stripeInvoiceId} totals 102 cents but the ledger's invoice 101; not finalized. Compare its items with the invoice's lines.`,
  );
  expect((await world.stripe.invoices.retrieve(draft.stripeInvoiceId!)).status).toBe('draft');
  const failure = await db.monthCloseFailure.findUniqueOrThrow({ where: { accountId_month: { accountId, month } } });
  expect({ attempts: failure.attempts, error: failure.error, resolved: failure.resolvedAt }).toEqual({
    attempts: 2,
    error: stopped!.error,
    resolved: null,
  });
});
