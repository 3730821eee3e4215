// After a month's close, /billing's account of what is not yet invoiced is one consistent sum: this
// month's calls, a past month's calls made after its close, and the amount carried from its invoice
// (under Stripe's $0.50 minimum), each named.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeMonth } from '../close-month';
import { getBillingOverview } from '../get-billing-overview';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { monthsAgo, recordCallsIn } from './support/month-close-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const articles = (units: number) => [{ endpoint: '/v1/news/articles', units, priceMicros: 3000 }];

test('after a close, the billing overview names this month, late usage of the closed month and the carry, summing to the total', async () => {
  const [last, current] = [monthsAgo(1), monthsAgo(0)];
  const { accountId } = await billedAccount(world, '4242424242424242');
  // Last month: 50 free units, then 22 at $0.003 = $0.066, under the minimum: carried whole.
  await recordCallsIn(world, accountId, last, articles(72));
  expect(await closeMonth({ month: last, accountId })).toEqual([
    expect.objectContaining({ outcome: 'carried', carriedOutMicros: 66_000n }),
  ]);

  // Right after the close: the carry, named, and this month at $0.00, not "$0.066 so far".
  const afterClose = await getBillingOverview({ accountId });
  expect(afterClose.lines).toEqual([]);
  expect(afterClose.monthAccount.parts.map((p) => [p.label, p.micros])).toEqual([
    [`Calls in ${current} still to be invoiced`, 0n],
    [`Carried from ${last} (under the $0.50 minimum)`, 66_000n],
  ]);
  expect(afterClose.monthAccount.minimumNote).toContain(
    `Stripe cannot charge less than $0.50, so $0.07 from ${last} was not charged`,
  );

  // Calls recorded for the closed month after its close ($0.03), and this month's ($0.03 past the free tier).
  await recordCallsIn(world, accountId, last, articles(10));
  await recordCalls(world, accountId, articles(60));
  const overview = await getBillingOverview({ accountId });
  expect(overview.monthAccount.parts.map((p) => [p.kind, p.label, p.micros])).toEqual([
    ['this_month', `Calls in ${current} still to be invoiced`, 30_000n],
    ['past_month', `Calls in ${last} still to be invoiced`, 30_000n],
    ['carried', `Carried from ${last} (under the $0.50 minimum)`, 66_000n],
  ]);
  expect(overview.monthAccount.totalMicros).toBe(126_000n);
  // The endpoint lines shown are this month's part, exactly.
  expect(overview.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(30_000n);
  // Only this month's calls are projected (the other parts are added as they are), to the cent.
  expect(overview.projectionMicros).toBeGreaterThanOrEqual(120_000n);
  expect(overview.projectionMicros % 10_000n).toBe(0n);

  // The sweep's close of the late usage: $0.096 with the carry, still under the minimum, carried on.
  expect(await closeMonth({ month: last, accountId })).toEqual([
    expect.objectContaining({ outcome: 'carried', carriedOutMicros: 96_000n }),
  ]);
  const swept = await getBillingOverview({ accountId });
  expect(swept.monthAccount.parts.map((p) => [p.kind, p.micros])).toEqual([
    ['this_month', 30_000n],
    ['carried', 96_000n],
  ]);
  expect(swept.monthAccount.totalMicros).toBe(126_000n);
  expect(swept.invoices.map((i) => [i.month, i.status, i.amountCents, i.carriedOutMicros])).toEqual([
    [last, 'void', 0, 96_000n],
    [last, 'void', 0, 66_000n],
  ]);
});

test('a charged invoice carries its fraction of a cent, named as such', async () => {
  const last = monthsAgo(1);
  const { accountId } = await billedAccount(world, '4242424242424242');
  // 50 free, then 201 units at $0.003 = $0.603: 60 cents charged, $0.003 carried.
  await recordCallsIn(world, accountId, last, articles(251));
  expect(await closeMonth({ month: last, accountId })).toEqual([
    expect.objectContaining({ outcome: 'invoiced', amountCents: 60, carriedOutMicros: 3_000n }),
  ]);
  const overview = await getBillingOverview({ accountId });
  expect(overview.monthAccount.parts.at(-1)).toEqual({
    kind: 'carried',
    label: `Carried from ${last} (fractions of a cent)`,
    micros: 3_000n,
  });
  expect(overview.monthAccount.carriedNote).toBe(
    `Invoices charge whole cents, so the $0.003 left over from ${last} is carried to your next invoice.`,
  );
});
