// Stripe keeps a 500 under its idempotency key and replays it for 24 hours, so
// the product's deterministic keys (the customer of an account, the default card, a month's
// invoice steps) walk to an attempt-numbered key past a saved 500 instead of failing for a day.
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { ensureStripeCustomer } from '../ensure-stripe-customer';
import { billedAccount, type BillingWorld, recordCalls, saveCard, startBillingWorld } from './support/billing-harness';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** The next `count` requests of a Stripe operation answer 500 (a Stripe incident), saved under their keys. */
const failNext = (operation: string, count = 1) =>
  world.emulator.control('/_sandbox/faults', { operation, count: String(count) });

test("an account's Stripe customer is made on the next try after a 500, not a day later", async () => {
  const { accountId } = await findOrCreateAccountByEmail({ email: `five-hundred-${Date.now()}@example.test` });
  await failNext('PostCustomers');
  await expect(ensureStripeCustomer({ accountId })).rejects.toMatchObject({ statusCode: 500 });
  const customer = await ensureStripeCustomer({ accountId });
  expect(customer).toMatch(/^cus_/);
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).stripeCustomerId).toBe(customer);
});

test('a month whose finalization met a 500 closes on the next try', async () => {
  const { accountId } = await billedAccount(world, '4242424242424242');
  await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
  await failNext('PostInvoicesInvoiceFinalize');
  const [failed] = await closeMonth({ month: billingMonth(), accountId });
  expect(failed?.outcome).toBe('failed');
  // The sweep (or the operator) tries again within the day: the saved 500 is walked past.
  await closeMonth({ month: billingMonth(), accountId });
  await world.emulator.flushWebhooks();
  const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
  expect({ status: invoice.status, cents: invoice.amountCents }).toEqual({ status: 'paid', cents: 90 });
});

test('a card saved while Stripe answered its default-card update with a 500 becomes the default on the next event', async () => {
  const { accountId, customer } = await billedAccount(world);
  await failNext('PostCustomersCustomer');
  // setup_intent.succeeded meets the 500 (its delivery fails, Stripe retries it later);
  // checkout.session.completed, a moment after, applies the same card.
  await saveCard(world, customer, '4242424242424242');
  await world.emulator.flushWebhooks();
  const remote = await world.stripe.customers.retrieve(customer);
  const [card] = (await world.stripe.paymentMethods.list({ customer })).data;
  expect(remote.deleted ? null : remote.invoice_settings.default_payment_method).toBe(card!.id);
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).paymentMethodLabel).toBe('Visa •••• 4242');
});
