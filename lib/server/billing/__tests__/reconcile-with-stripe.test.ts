// Invoices reconciled with Stripe. An emulator that delivers no webhooks: what
// the customer does at Stripe reaches us only by the hourly reconciliation.
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { reconcileWithStripe } from '../reconcile-with-stripe';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { GOOD_CARD, mailTo, standingOf } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ webhooks: false });
});
afterAll(async () => {
  await world?.close();
});

/** The customer pays the invoice by card on Stripe's hosted page. */
async function payOnHostedPage(hostedUrl: string, card: string): Promise<void> {
  const response = await fetch(hostedUrl, {
    method: 'POST',
    body: new URLSearchParams({ card }),
    headers: { origin: new URL(hostedUrl).origin },
  });
  if (response.status !== 200) throw new Error(`hosted page: ${response.status}`);
}

test('paid on the hosted page with no webhook delivered: one reconciliation unblocks the account', async () => {
  const { accountId } = await billedAccount(world); // no card: the invoice is sent, and blocks
  await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
  const [closed] = await closeMonth({ month: billingMonth(), accountId });
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);

  const remote = await world.stripe.invoices.retrieve(invoice.stripeInvoiceId!);
  await payOnHostedPage(remote.hosted_invoice_url!, GOOD_CARD);
  expect((await world.stripe.invoices.retrieve(invoice.stripeInvoiceId!)).status).toBe('paid');
  // No webhook: nothing here knows yet.
  expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('open');

  expect(await reconcileWithStripe({ accountId })).toMatchObject({ invoices: 1, failed: 0 });
  expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
  expect((await standingOf(accountId)).blockedAt).toBeNull();
  const { email } = await db.user.findFirstOrThrow({ where: { accountId } });
  expect((await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
  // Again: nothing changes, nothing more is mailed.
  await reconcileWithStripe({ accountId });
  expect((await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
});

test('a card removed in the portal with no webhook delivered stops counting after one reconciliation', async () => {
  const { accountId, customer } = await billedAccount(world, GOOD_CARD);
  // Without webhooks the card never became the default: make it so, as the return page does.
  const [method] = (await world.stripe.paymentMethods.list({ customer })).data;
  await world.stripe.customers.update(customer, { invoice_settings: { default_payment_method: method!.id } });
  await reconcileWithStripe({ accountId });
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).hasPaymentMethod).toBe(true);

  await world.stripe.paymentMethods.detach(method!.id);
  await reconcileWithStripe({ accountId });
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).hasPaymentMethod).toBe(false);
});
