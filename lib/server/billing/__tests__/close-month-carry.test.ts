// A remainder carried from one invoice is billed once, even when two months of the same account
// close at the same moment (the monthly job and the sweep, or an operator).
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { closeMonth } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
import { MICROS_PER_CENT } from '../invoice-amounts';
import { billedAccount, type BillingWorld, startBillingWorld } from './support/billing-harness';
import { closeAtOnce, monthsAgo, recordCallsIn } from './support/month-close-helpers';

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

test('two months of one account closed at once bill the carried remainder once', {
  timeout: 120_000,
}, async () => {
  const [m0, m1, m2] = [monthsAgo(2), monthsAgo(1), monthsAgo(0)];
  for (let run = 0; run < 5; run++) {
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    // $0.30 in m0: under the $0.50 minimum, carried whole to the account's next invoice.
    await recordCallsIn(world, accountId, m0, [{ endpoint: '/v1/news/articles', units: 150, priceMicros: 3000 }]);
    expect(await closeMonth({ month: m0, accountId })).toEqual([
      expect.objectContaining({ outcome: 'carried', carriedOutMicros: 300_000n }),
    ]);
    // $0.45 in each of m1 and m2; both closes read the account's remainder before either records its invoice.
    await recordCallsIn(world, accountId, m1, [{ endpoint: '/v1/news/articles', units: 200, priceMicros: 3000 }]);
    await recordCallsIn(world, accountId, m2, [{ endpoint: '/v1/news/articles', units: 200, priceMicros: 3000 }]);
    const results = (
      await closeAtOnce(
        accountId,
        [m1, m2].map((month) => ({ month, run: () => closeMonth({ month, accountId }) })),
      )
    ).flat();
    expect(results.map((r) => r.outcome).sort()).toEqual(['carried', 'invoiced']);

    // $1.20 in the ledger: 75 cents charged ($0.30 + $0.45) and $0.45 carried on, never 150 cents.
    const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
    const charged = invoices.reduce((sum, i) => sum + i.amountCents, 0);
    const head = invoices.at(-1)!;
    expect(charged).toBe(75);
    expect(BigInt(charged) * MICROS_PER_CENT + head.carriedOutMicros).toBe(1_200_000n);
    // One chain: each invoice carries in exactly what the one before it carried out.
    for (const [i, invoice] of invoices.entries()) {
      expect(invoice.carriedFromId).toBe(i === 0 ? null : invoices[i - 1]!.id);
      expect(invoice.carriedInMicros).toBe(i === 0 ? 0n : invoices[i - 1]!.carriedOutMicros);
    }
    const stripeInvoices = (await world.stripe.invoices.list({ customer })).data;
    expect(stripeInvoices.map((i) => [i.status, i.amount_paid])).toEqual([['paid', 75]]);
  }
});
