// Helpers for the account-standing tests: accounts blocked the way customers get blocked, lost
// disputes and portal card changes through the Stripe emulator, and what was charged and mailed.
import Stripe from 'stripe';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';

import { db } from '@/lib/db';
import { closeMonth } from '../../close-month';
import { billedAccount, type BillingWorld, recordCalls, WEBHOOK_SECRET } from './billing-harness';
import { billingMonth } from '@/lib/utc-month';

export const DECLINING_CARD = '4000000000000341';
export const INSUFFICIENT_FUNDS_CARD = '4000000000009995';
export const GOOD_CARD = '4242424242424242';

export type TestAccount = { accountId: string; customer: string; email: string };

async function withEmail(account: { accountId: string; customer: string }): Promise<TestAccount> {
  const user = await db.user.findFirstOrThrow({ where: { accountId: account.accountId }, select: { email: true } });
  return { ...account, email: user.email };
}

/** An account with this card whose month was just closed ($1.20 at 200 units of $0.006): blocked when the card declines. */
export async function closedAccount(world: BillingWorld, card: string): Promise<TestAccount> {
  const account = await billedAccount(world, card);
  await chargeMonth(world, account.accountId);
  return withEmail(account);
}

/** More calls, closed into a next invoice of the month ($0.90), charged to the default card. */
export async function chargeMonth(world: BillingWorld, accountId: string, units = 200): Promise<void> {
  await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units, priceMicros: 6000 }]);
  await closeMonth({ month: billingMonth(), accountId });
  await world.emulator.flushWebhooks();
}

/** The customer's bank disputes the payment of this invoice, and the dispute is lost. */
export async function loseDispute(world: BillingWorld, stripeInvoiceId: string): Promise<string> {
  const dispute = (await world.emulator.control('/_sandbox/disputes', { invoice: stripeInvoiceId })) as { id: string };
  await world.emulator.control(`/_sandbox/disputes/${dispute.id}/close`, { status: 'lost' });
  await world.emulator.flushWebhooks();
  return dispute.id;
}

/** The customer adds a card in Stripe's portal, which makes it the default (customer.updated). */
export async function addCardInPortal(world: BillingWorld, customer: string, card: string): Promise<void> {
  const session = await world.stripe.billingPortal.sessions.create({
    customer,
    return_url: 'http://console.test/billing',
  });
  const response = await fetch(`${session.url}/add`, {
    method: 'POST',
    body: new URLSearchParams({ card }),
    headers: { origin: new URL(session.url).origin },
    redirect: 'manual',
  });
  if (response.status >= 400) throw new Error(`portal add: ${response.status}`);
  await world.emulator.flushWebhooks();
}

/** Every event of a type the emulator sent, oldest first. */
export async function eventsOf(world: BillingWorld, type: string): Promise<Stripe.Event[]> {
  const events: Stripe.Event[] = [];
  for await (const event of world.stripe.events.list({ type, limit: 100 })) events.push(event);
  return events.reverse();
}

/** Delivers an event again, as Stripe does when our first answer was lost: the route's status. */
export async function deliverAgain(event: Stripe.Event): Promise<number> {
  await db.stripeEvent.deleteMany({ where: { id: event.id } });
  const payload = JSON.stringify(event);
  const response = await webhookRoute(
    new Request('http://console.test/api/webhooks/stripe', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    }),
  );
  return response.status;
}

/** Charges of a customer that failed: one per declined payment attempt. */
export async function failedCharges(world: BillingWorld, customer: string): Promise<number> {
  return (await eventsOf(world, 'charge.failed')).filter((e) => (e.data.object as Stripe.Charge).customer === customer)
    .length;
}

/** The mail an address received, oldest first. */
export function mailTo(email: string) {
  return db.mailMessage.findMany({
    where: { to: email.toLowerCase() },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { subject: true, text: true, onceKey: true },
  });
}

export function standingOf(accountId: string) {
  return db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { blockedAt: true, blockedReason: true, blockedCauses: true, blockedDueCents: true },
  });
}
