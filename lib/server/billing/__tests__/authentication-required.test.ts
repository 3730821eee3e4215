// A card that requires authentication on every payment (Stripe's test card
// 4000 0027 6000 3184). The close's off-session charge fails with authentication_required, Stripe
// leaves the invoice's PaymentIntent in requires_action and announces invoice.payment_failed and
// invoice.payment_action_required; the customer gets one notice asking to confirm the payment on
// the invoice's page, and confirming it there pays the invoice and unblocks the account.
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { invoiceLink } from '../invoice-links';
import { type BillingWorld, startBillingWorld } from './support/billing-harness';
import { closedAccount, deliverAgain, eventsOf, mailTo, standingOf } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const AUTHENTICATION_CARD = '4000002760003184';

test('a charge the bank wants authenticated blocks with one notice to confirm it on the invoice page; confirmed there, the account is unblocked', async () => {
  const { accountId, email } = await closedAccount(world, AUTHENTICATION_CARD);
  await world.emulator.flushWebhooks();
  const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
  expect({ status: invoice.status, action: invoice.paymentActionRequired }).toEqual({ status: 'open', action: true });
  expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);

  // Both of Stripe's events about it, however often they come, make one notice.
  const ofInvoice = (e: Stripe.Event) => (e.data.object as Stripe.Invoice).id === invoice.stripeInvoiceId;
  const events = [
    ...(await eventsOf(world, 'invoice.payment_failed')),
    ...(await eventsOf(world, 'invoice.payment_action_required')),
  ].filter(ofInvoice);
  expect(events.map((e) => e.type)).toEqual(['invoice.payment_failed', 'invoice.payment_action_required']);
  for (const event of events) expect(await deliverAgain(event)).toBe(200);
  const mails = await mailTo(email);
  expect(mails.map((m) => m.subject)).toEqual(['Confirm your payment of $0.90']);
  expect(mails[0]!.text).toContain(
    `Confirm the payment on the invoice's page, where your bank asks for it:\n${invoiceLink(invoice.id)}`,
  );

  // On the hosted invoice page the customer is there to authenticate: the payment goes through.
  const remote = await world.stripe.invoices.retrieve(invoice.stripeInvoiceId!);
  const page = await fetch(remote.hosted_invoice_url!, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: AUTHENTICATION_CARD }),
  });
  expect(page.status).toBe(200);
  await world.emulator.flushWebhooks();
  const paid = await db.invoice.findFirstOrThrow({ where: { accountId } });
  expect({ status: paid.status, action: paid.paymentActionRequired }).toEqual({ status: 'paid', action: false });
  expect((await standingOf(accountId)).blockedAt).toBeNull();
});
