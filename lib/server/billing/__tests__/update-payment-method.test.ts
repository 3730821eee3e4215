// "Update payment method" replaces the card. The portal listed 4242, the
// failing 0341 and 4242 again; now the card saved through Checkout becomes the customer's default
// (invoice_settings.default_payment_method) and the replaced cards are detached. End to end: the
// Stripe emulator's Checkout and its webhooks, signed as Stripe signs them, to the real route.
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billedAccount, type BillingWorld, saveCard, startBillingWorld } from './support/billing-harness';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** The card a Checkout session saved. */
async function cardOf(sessionId: string): Promise<string> {
  const session = await world.stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent'] });
  return (session.setup_intent as Stripe.SetupIntent).payment_method as string;
}

test('each update leaves one card on file: the new one, as the default; the replaced ones are detached', async () => {
  const { accountId, customer } = await billedAccount(world, '4242424242424242');
  const [first] = (await world.stripe.paymentMethods.list({ customer })).data;
  const failing = await cardOf(await saveCard(world, customer, '4000000000000341'));
  await world.emulator.flushWebhooks();
  const latest = await cardOf(await saveCard(world, customer, '4242 4242 4242 4242'));
  await world.emulator.flushWebhooks();

  const onFile = (await world.stripe.paymentMethods.list({ customer })).data.map((m) => m.id);
  expect(onFile).toEqual([latest]);
  const remote = await world.stripe.customers.retrieve(customer);
  expect(remote.deleted ? null : remote.invoice_settings.default_payment_method).toBe(latest);
  for (const replaced of [first!.id, failing])
    expect((await world.stripe.paymentMethods.retrieve(replaced)).customer).toBeNull();
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
  expect({ has: account.hasPaymentMethod, label: account.paymentMethodLabel }).toEqual({
    has: true,
    label: 'Visa •••• 4242',
  });
  expect(world.answers.every((status) => status === 200)).toBe(true);
});

test("a late delivery of the replaced card's events takes nothing back", async () => {
  const { customer } = await billedAccount(world, '4000000000000341');
  const [old] = (await world.stripe.paymentMethods.list({ customer })).data;
  const latest = await cardOf(await saveCard(world, customer, '4242424242424242'));
  await world.emulator.flushWebhooks();
  const oldEvent = (await world.stripe.events.list({ type: 'setup_intent.succeeded', limit: 50 })).data.find(
    (e) => (e.data.object as Stripe.SetupIntent).payment_method === old!.id,
  )!;
  await db.stripeEvent.deleteMany({ where: { id: oldEvent.id } });
  const { handleStripeEvent } = await import('../handle-stripe-event');
  expect(await handleStripeEvent(oldEvent)).toBe('handled');
  const remote = await world.stripe.customers.retrieve(customer);
  expect(remote.deleted ? null : remote.invoice_settings.default_payment_method).toBe(latest);
  expect((await world.stripe.paymentMethods.list({ customer })).data.map((m) => m.id)).toEqual([latest]);
});
