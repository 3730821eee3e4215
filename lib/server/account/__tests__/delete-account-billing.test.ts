// Deleting an account does not walk away from the month's usage. The deletion
// closes every month with un-invoiced usage first, the current one included, and charges it; a
// charge that fails refuses the deletion with the amount and where to pay it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { deleteAccount } from '@/lib/server/account/delete-account';
import { invoiceLink } from '@/lib/server/billing/invoice-links';
import { releaseDeletedBilling } from '@/lib/server/billing/release-deleted-billing';
import {
  billedAccount,
  type BillingWorld,
  recordCalls,
  startBillingWorld,
} from '@/lib/server/billing/__tests__/support/billing-harness';
import { monthsAgo, recordCallsIn } from '@/lib/server/billing/__tests__/support/month-close-helpers';
import { DECLINING_CARD, GOOD_CARD } from '@/lib/server/billing/__tests__/support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const COMMENTS = '/v1/clipnet/video/comments';

describe('deleting an account with usage not yet invoiced', () => {
  test('closes the current month and a past one, charges the whole amount to the card, then deletes', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    // 50 units of each month are free: $0.30 last month (under the minimum), $1.20 this month.
    await recordCallsIn(world, accountId, monthsAgo(1), [{ endpoint: COMMENTS, units: 100, priceMicros: 6000 }]);
    await recordCalls(world, accountId, [{ endpoint: COMMENTS, units: 250, priceMicros: 6000 }]);

    expect(await deleteAccount({ accountId })).toEqual({ ok: true });
    const invoices = await db.invoice.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
    expect(invoices.map((i) => [i.month, i.amountCents, i.status])).toEqual([
      [monthsAgo(1), 0, 'void'], // carried into the last invoice
      [billingMonth(), 150, 'paid'],
    ]);
    expect((await world.stripe.invoices.list({ customer })).data.map((i) => [i.total, i.status])).toEqual([
      [150, 'paid'],
    ]);
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account.deletedAt).not.toBeNull();
    // The Stripe customer stays until the sweep finds nothing left to bill (calls in flight).
    expect(account.stripeCustomerId).toBe(customer);
    const later = new Date(Date.now() + 2 * 3600_000);
    await releaseDeletedBilling({ now: later, accountId });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).stripeCustomerId).toBeNull();
  });

  test('a declined charge refuses the deletion, naming the amount and the invoice to pay', async () => {
    const { accountId } = await billedAccount(world, DECLINING_CARD);
    await recordCalls(world, accountId, [{ endpoint: COMMENTS, units: 300, priceMicros: 6000 }]); // $1.50 (50 free)
    const refused = await deleteAccount({ accountId });
    const invoice = await db.invoice.findFirstOrThrow({ where: { accountId, month: billingMonth() } });
    expect(invoice).toMatchObject({ amountCents: 150, status: 'open' });
    expect(refused).toEqual({ ok: false, reason: 'unpaid_invoice', dueCents: 150, payUrl: invoiceLink(invoice.id) });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).deletedAt).toBeNull();
  });

  test('a call recorded after the deletion keeps the Stripe customer reference until it is billed', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    expect(await deleteAccount({ accountId })).toEqual({ ok: true });
    // A call in flight at the deletion lands afterwards.
    await recordCalls(world, accountId, [{ endpoint: COMMENTS, units: 200, priceMicros: 6000 }]);
    await releaseDeletedBilling({ now: new Date(Date.now() + 2 * 3600_000), accountId });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).stripeCustomerId).toBe(customer);
  });
});
