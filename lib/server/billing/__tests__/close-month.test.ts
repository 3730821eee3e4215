// Month close: invoices from the ledger, exact to the micro-dollar with the documented rounding,
// and safe against crashes, concurrent runs and early closes.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { describeClose } from '@/scripts/console/close-month';
import { closeMonth } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
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

/** The Stripe invoices of a customer, with their lines. */
async function stripeInvoices(customer: string) {
  const { data } = await world.stripe.invoices.list({ customer, limit: 100 });
  return data;
}

describe('closeMonth', () => {
  test('over random ledgers closed one after another on one account, the charged cents plus the remainders carried out and in equal the ledger exactly', {
    timeout: 120_000,
  }, async () => {
    // A small deterministic generator: the same "random" ledgers every run.
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    // Each endpoint has one price, as in the registry, so each line's amount can be checked.
    const prices: Record<string, bigint> = {
      '/v1/clipnet/video/comments': 6000n,
      '/v1/forumsite/community/posts': 3000n,
      '/v1/news/articles': 3000n,
      '/v1/shop/products': 5000n,
      '/v1/openmicro/posts': 8000n,
    };
    const endpoints = Object.keys(prices);
    // One account for every round: each close (the month closed early, then again) carries in
    // what the one before carried out, under a cent or, under the $0.50 minimum, everything.
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    let carriedIn = 0n;
    let sawCarryIn = false;
    for (let round = 0; round < 6; round++) {
      const before = await ledgerMicros(accountId);
      const calls = Array.from({ length: 2 + Math.floor(random() * (round % 2 ? 30 : 6)) }, () => {
        const endpoint = endpoints[Math.floor(random() * endpoints.length)]!;
        return {
          endpoint,
          units: 1 + Math.floor(random() * 40),
          priceMicros: Number(prices[endpoint]),
          sentiment: random() < 0.3,
        };
      });
      await recordCalls(world, accountId, calls);
      const ledger = (await ledgerMicros(accountId)) - before;
      const [closed] = await closeMonth({ month, accountId });
      const invoice = await db.invoice.findFirstOrThrow({
        where: { accountId, month },
        orderBy: { sequence: 'desc' },
        include: { lines: true },
      });
      expect(invoice.sequence).toBe(round + 1);
      // Lines carry the round's ledger exactly; the charge is the total rounded down to cents once.
      expect(invoice.lines.reduce((s, l) => s + l.amountMicros, 0n)).toBe(ledger);
      expect(invoice.carriedInMicros).toBe(carriedIn);
      sawCarryIn ||= carriedIn > 0n;
      expect(BigInt(invoice.amountCents) * MICROS_PER_CENT + invoice.carriedOutMicros).toBe(ledger + carriedIn);
      expect(invoice.carriedOutMicros < MICROS_PER_CENT || invoice.amountCents === 0).toBe(true);
      expect(invoice.amountCents === 0 || invoice.amountCents >= 50).toBe(true);
      // Each line: its billable units at the endpoint's price, plus $0.001 (the spec's sentiment
      // surcharge) for each billable unit with sentiment.
      for (const line of invoice.lines) {
        expect(line.amountMicros).toBe(
          BigInt(line.units - line.freeUnits) * prices[line.endpoint]! + BigInt(line.sentimentUnits) * 1000n,
        );
      }
      if (invoice.amountCents > 0) {
        const remote = (await stripeInvoices(customer)).find((i) => i.metadata?.invoiceId === invoice.id)!;
        expect(remote.total).toBe(invoice.amountCents);
        expect(remote.lines.data.reduce((s, l) => s + l.amount, 0)).toBe(invoice.amountCents);
        expect(remote.status).toBe('paid');
        expect(closed!.amountCents).toBe(invoice.amountCents);
      }
      carriedIn = invoice.carriedOutMicros;
    }
    expect(sawCarryIn).toBe(true);
    // Over every round: Σ(cents × 10^4 + carried out − carried in) is the ledger.
    const invoices = await db.invoice.findMany({ where: { accountId } });
    expect(
      invoices.reduce(
        (s, i) => s + BigInt(i.amountCents) * MICROS_PER_CENT + i.carriedOutMicros - i.carriedInMicros,
        0n,
      ),
    ).toBe(await ledgerMicros(accountId));
  });

  test('carries an amount under the $0.50 minimum to the next invoice', async () => {
    const { accountId } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/news/articles', units: 100, priceMicros: 3000 }]); // 50 billable: $0.15
    const [first] = await closeMonth({ month, accountId });
    expect(first).toMatchObject({ outcome: 'carried', amountCents: 0, carriedOutMicros: 150_000n });
    const carried = await db.invoice.findFirstOrThrow({ where: { accountId, month } });
    expect({ status: carried.status, cents: carried.amountCents, carried: carried.carriedOutMicros }).toEqual({
      status: 'void',
      cents: 0,
      carried: 150_000n,
    });
    await recordCalls(world, accountId, [{ endpoint: '/v1/news/articles', units: 150, priceMicros: 3000 }]); // $0.45 more
    const [second] = await closeMonth({ month, accountId });
    expect(second).toMatchObject({
      outcome: 'invoiced',
      amountCents: 60,
      carriedInMicros: 150_000n,
      carriedOutMicros: 0n,
    });
  });

  test('shows a "Carried from <month>" line apart from a rounding line of a few cents, and a line for every endpoint, even one under a cent', async () => {
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/news/articles', units: 100, priceMicros: 3000 }]); // $0.15: under the minimum
    const [carried] = await closeMonth({ month, accountId });
    await recordCalls(world, accountId, [
      { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }, // 150 billable: $0.90
      { endpoint: '/v1/shop/products', units: 71, priceMicros: 5000 }, // 21 billable: $0.105
      { endpoint: '/v1/openmicro/posts', units: 53, priceMicros: 3000 }, // 3 billable: $0.009, under a cent
    ]);
    const [invoiced] = await closeMonth({ month, accountId });
    const remote = (await stripeInvoices(customer)).find((i) => i.metadata?.invoiceId === invoiced!.invoiceId)!;
    const lines = remote.lines.data.map((l) => [l.description!.split(':')[0], l.amount]);
    expect(lines).toEqual([
      ['/v1/clipnet/video/comments', 90],
      ['/v1/openmicro/posts', 0],
      ['/v1/shop/products', 10],
      [`Carried from ${month}`, 15],
      ['Rounding to whole cents', 1],
    ]);
    expect(remote.lines.data.find((l) => l.description!.startsWith('/v1/openmicro/posts'))!.description).toContain(
      '$0.009',
    );
    expect(remote.total).toBe(116);
    // $0.90 + $0.105 + $0.009 + $0.15 = $1.164: 116 cents charged, $0.004 carried on.
    expect(invoiced).toMatchObject({
      outcome: 'invoiced',
      amountCents: 116,
      carriedInMicros: 150_000n,
      carriedOutMicros: 4_000n,
    });
    // What the close-month command prints is what was carried, not "0 carried".
    expect(describeClose(carried!, 'owner@example.test')).toBe(
      `owner@example.test: under the $0.50 minimum charge, nothing invoiced; $0.15 carried to the next invoice`,
    );
    expect(describeClose(invoiced!, 'owner@example.test')).toBe(
      `owner@example.test: invoice ${invoiced!.invoiceNumber} for $1.16 (paid), with $0.15 carried in; $0.004 carried to the next invoice`,
    );
    expect(describeClose((await closeMonth({ month, accountId }))[0]!, undefined)).toBe(
      `account ${accountId} (no user): nothing new to invoice; $0.004 still carried to the next invoice`,
    );
  });

  test('resumes a run killed after the invoice row, the Stripe invoice or one line, with no duplicate', async () => {
    for (const crashAt of ['invoice-row', 'stripe-invoice', 'item'] as const) {
      const { accountId, customer } = await billedAccount(world, '4242424242424242');
      await recordCalls(world, accountId, [
        { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
        { endpoint: '/v1/shop/products', units: 150, priceMicros: 5000 },
      ]);
      closeMonthHooks.onStep = (step) => {
        if (step === crashAt) throw new Error(`crash after ${step}`);
      };
      const [crashed] = await closeMonth({ month, accountId });
      expect(crashed).toMatchObject({ outcome: 'failed', error: `crash after ${crashAt}` });
      closeMonthHooks.onStep = undefined;
      await closeMonth({ month, accountId });
      const invoices = await stripeInvoices(customer);
      expect(invoices.map((i) => i.status)).toEqual(['paid']);
      const descriptions = invoices[0]!.lines.data.map((l) => l.description!.split(':')[0]);
      expect(descriptions.filter((d) => d?.startsWith('/v1/')).sort()).toEqual([
        '/v1/clipnet/video/comments',
        '/v1/shop/products',
      ]);
      expect(await db.invoice.count({ where: { accountId } })).toBe(1);
    }
  });

  test('two runs at once make one invoice', async () => {
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 300, priceMicros: 6000 }]);
    await Promise.all([closeMonth({ month, accountId }), closeMonth({ month, accountId })]);
    expect((await stripeInvoices(customer)).length).toBe(1);
    expect(await db.invoice.count({ where: { accountId } })).toBe(1);
  });

  test('a month closed early goes on into a next invoice that bills only what came after', async () => {
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    await closeMonth({ month, accountId });
    expect(await closeMonth({ month, accountId })).toEqual([
      expect.objectContaining({ outcome: 'nothing', invoiceId: null }),
    ]);
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 100, priceMicros: 6000 }]);
    await closeMonth({ month, accountId });
    const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { sequence: 'asc' } });
    expect(invoices.map((i) => [i.sequence, i.amountCents])).toEqual([
      [1, 90],
      [2, 60],
    ]);
    expect((await stripeInvoices(customer)).length).toBe(2);
    expect(
      invoices.reduce(
        (s, i) => s + BigInt(i.amountCents) * MICROS_PER_CENT + i.carriedOutMicros - i.carriedInMicros,
        0n,
      ),
    ).toBe(await ledgerMicros(accountId));
  });
});
