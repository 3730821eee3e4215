// Invoices and the account's standing send their webhook events, once each, through the
// Stripe emulator's real Stripe flow (signed Stripe webhooks, month close, declined cards).
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { refreshAccountStanding } from '../refresh-account-standing';
import { type BillingWorld, startBillingWorld } from './support/billing-harness';
import {
  addCardInPortal,
  closedAccount,
  DECLINING_CARD,
  deliverAgain,
  eventsOf,
  GOOD_CARD,
} from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

async function webhookEvents(accountId: string) {
  const rows = await db.webhookEvent.findMany({ where: { accountId }, orderBy: { createdAt: 'asc' } });
  return rows.map((e) => ({ type: e.type, data: e.data as { invoice?: { id: string; status: string } } }));
}

test('a paid invoice sends invoice.created and invoice.paid once, however often Stripe tells of it', async () => {
  const { accountId } = await closedAccount(world, GOOD_CARD);
  for (const event of await eventsOf(world, 'invoice.paid')) await deliverAgain(event);
  const events = await webhookEvents(accountId);
  expect(events.map((e) => e.type)).toEqual(['invoice.created', 'invoice.paid']);
  const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
  expect(events[1]!.data.invoice).toMatchObject({ id: invoice.id, status: 'paid' });
});

test('a declined charge sends invoice.payment_failed and account.blocked; paying it, invoice.paid and account.unblocked', async () => {
  const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
  for (const event of await eventsOf(world, 'invoice.payment_failed')) await deliverAgain(event);
  await refreshAccountStanding({ accountId });
  expect((await webhookEvents(accountId)).map((e) => e.type)).toEqual([
    'invoice.created',
    'invoice.payment_failed',
    'account.blocked',
  ]);
  // A good card made the default pays what is unpaid, which lifts the block.
  await addCardInPortal(world, customer, GOOD_CARD);
  await world.emulator.flushWebhooks();
  const types = (await webhookEvents(accountId)).map((e) => e.type);
  expect(types.slice(3).sort()).toEqual(['account.unblocked', 'invoice.paid']);
});
