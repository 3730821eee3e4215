// Month close and invoices: the $0.50 minimum at its edge, the carry chain over three
// closes, two closes of one month at once held together at the same point, and sentiment units
// counted exactly on the invoice line, the usage month and the daily rollup.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { getUsageMonth } from '@/lib/server/usage/get-usage-month';
import { closeMonth } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
import {
  billedAccount,
  type BillingWorld,
  ledgerMicros,
  recordCalls,
  startBillingWorld,
} from './support/billing-harness';
import { watchLeaseWaits } from './support/month-close-helpers';
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
const GOOD_CARD = '4242424242424242';
// The first 50 units of an endpoint each month are free (the spec), so each account's first call
// on an endpoint below asks for 50 more than it bills.
const FREE = 50;

const stripeInvoicesOf = async (customer: string) => (await world.stripe.invoices.list({ customer, limit: 100 })).data;

describe('the $0.50 minimum charge', () => {
  test('an invoice of exactly $0.50 is charged, not carried', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    await recordCalls(world, accountId, [{ endpoint: '/v1/shop/products', units: FREE + 100, priceMicros: 5000 }]); // 100 × $0.005
    expect(await ledgerMicros(accountId)).toBe(500_000n);
    const [closed] = await closeMonth({ month, accountId });
    expect(closed).toMatchObject({ outcome: 'invoiced', amountCents: 50, carriedOutMicros: 0n });
    expect((await stripeInvoicesOf(customer)).map((i) => [i.status, i.amount_paid])).toEqual([['paid', 50]]);
  });

  test('one micro-dollar under $0.50 is carried whole, and nothing goes to Stripe', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    await recordCalls(world, accountId, [{ endpoint: '/v1/shop/products', units: FREE + 31, priceMicros: 16_129 }]); // 31 × 16,129 = 499,999
    expect(await ledgerMicros(accountId)).toBe(499_999n);
    const [closed] = await closeMonth({ month, accountId });
    expect(closed).toMatchObject({ outcome: 'carried', amountCents: 0, carriedOutMicros: 499_999n });
    expect(await stripeInvoicesOf(customer)).toEqual([]);
  });
});

test('the carry-in comes from the latest invoice: over three closes, Σ(cents × 10^4 + carried out − carried in) is the ledger', async () => {
  const { accountId } = await billedAccount(world, GOOD_CARD);
  const endpoint = '/v1/news/articles';
  // $0.111: under the minimum, carried whole.
  await recordCalls(world, accountId, [{ endpoint, units: FREE + 37, priceMicros: 3000 }]);
  const [first] = await closeMonth({ month, accountId });
  // $0.60 + $0.111 carried in = $0.711: 71 cents, $0.001 carried out.
  await recordCalls(world, accountId, [{ endpoint, units: 200, priceMicros: 3000 }]);
  const [second] = await closeMonth({ month, accountId });
  // $0.513 + $0.001 carried in (the second invoice's, not the first's $0.111) = $0.514: 51 cents, $0.004 carried out.
  await recordCalls(world, accountId, [{ endpoint, units: 171, priceMicros: 3000 }]);
  const [third] = await closeMonth({ month, accountId });

  const outcome = (c: typeof first) => [c!.outcome, c!.amountCents, c!.carriedInMicros, c!.carriedOutMicros];
  expect([first, second, third].map(outcome)).toEqual([
    ['carried', 0, 0n, 111_000n],
    ['invoiced', 71, 111_000n, 1_000n],
    ['invoiced', 51, 1_000n, 4_000n],
  ]);
  const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { sequence: 'asc' } });
  expect(invoices.map((i) => i.carriedFromId)).toEqual([null, invoices[0]!.id, invoices[1]!.id]);
  const sum = invoices.reduce(
    (s, i) => s + BigInt(i.amountCents) * 10_000n + i.carriedOutMicros - i.carriedInMicros,
    0n,
  );
  expect(sum).toBe(await ledgerMicros(accountId));
  expect(sum).toBe(1_224_000n);
});

/**
 * Two closes of one account's month, each held where it has read the ledger and the carried
 * remainder until the other has read them too, is waiting for the account's close lease, or is
 * done: without a lease that serializes them they certainly both pass that point before either
 * records its invoice.
 */
async function twoClosesHeldTogether(accountId: string) {
  let arrived = 0;
  let done = 0;
  let bothRead = false;
  const leaseWaits = watchLeaseWaits();
  closeMonthHooks.onStep = async (step, at) => {
    if (step !== 'carry-read' || at.accountId !== accountId) return;
    arrived++;
    // A condition polled, not a guess at timing: each round re-reads where the other close is.
    for (;;) {
      if (arrived === 2) bothRead = true;
      if (bothRead || done > 0 || leaseWaits.waits(accountId)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const run = () => closeMonth({ month, accountId }).finally(() => done++);
  try {
    return (await Promise.all([run(), run()])).flat();
  } finally {
    leaseWaits.stop();
  }
}

test('two closes of one month at once give one invoice, every time', { timeout: 60_000 }, async () => {
  // The barrier makes the overlap certain: a second round only shows it is so each time.
  for (let round = 0; round < 2; round++) {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    await recordCalls(world, accountId, [
      { endpoint: '/v1/clipnet/video/comments', units: FREE + 150, priceMicros: 6000 },
    ]); // $0.90
    const results = await twoClosesHeldTogether(accountId);
    expect(results.map((r) => [r.outcome, r.amountCents]).sort()).toEqual([
      ['invoiced', 90],
      ['nothing', 0],
    ]);
    expect(await db.monthCloseFailure.count({ where: { accountId } })).toBe(0);
    expect((await db.invoice.findMany({ where: { accountId } })).map((i) => [i.status, i.amountCents])).toEqual([
      ['paid', 90],
    ]);
    expect((await stripeInvoicesOf(customer)).map((i) => [i.status, i.amount_paid])).toEqual([['paid', 90]]);
  }
});

test('60 units with sentiment on a new account are 10 billable sentiment units on the invoice line, the usage month and the rollup', async () => {
  const { accountId } = await billedAccount(world, GOOD_CARD);
  const endpoint = '/v1/clipnet/video/comments';
  await recordCalls(world, accountId, [{ endpoint, units: 60, priceMicros: 6000, sentiment: true }]);
  // 10 billable units at $0.006 plus the $0.001 sentiment surcharge each.
  expect(await ledgerMicros(accountId)).toBe(70_000n);
  const rollup = await db.usageDaily.findMany({ where: { accountId, endpoint }, select: { sentimentUnits: true } });
  expect(rollup.reduce((s, r) => s + r.sentimentUnits, 0)).toBe(10);
  const usage = await getUsageMonth({ accountId, month });
  expect(usage.endpoints.map((e) => [e.endpoint, e.billableUnits, e.sentimentUnits])).toEqual([[endpoint, 10, 10]]);
  expect(usage.summary.sentimentUnits).toBe(10);
  const [closed] = await closeMonth({ month, accountId });
  const line = await db.invoiceLine.findFirstOrThrow({ where: { invoiceId: closed!.invoiceId! } });
  expect({
    units: line.units,
    free: line.freeUnits,
    sentiment: line.sentimentUnits,
    amount: line.amountMicros,
  }).toEqual({ units: 60, free: 50, sentiment: 10, amount: 70_000n });
});
