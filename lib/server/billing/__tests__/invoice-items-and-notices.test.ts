// Each invoice item carries the billed month as its service period;
// the receipt goes once per invoice (not once per event), and the "payment
// failed" mail never goes to an account billed by invoice.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { billingMonth, monthRange } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { handleStripeEvent } from '../handle-stripe-event';
import { setInvoiceBilling } from '../set-invoice-billing';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { monthsAgo, recordCallsIn } from './support/month-close-helpers';
import { eventsOf, GOOD_CARD, mailTo } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const COMMENTS = '/v1/clipnet/video/comments';

test('each invoice item carries the billed month as its service period', async () => {
  const month = monthsAgo(1);
  const { accountId } = await billedAccount(world, GOOD_CARD);
  await recordCallsIn(world, accountId, month, [{ endpoint: COMMENTS, units: 200, priceMicros: 6000 }]);
  const [closed] = await closeMonth({ month, accountId });
  const { stripeInvoiceId } = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  const [start, end] = monthRange(month);
  const items = (await world.stripe.invoiceItems.list({ invoice: stripeInvoiceId!, limit: 100 })).data;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items) {
    expect(item.period).toEqual({ start: start.getTime() / 1000, end: end.getTime() / 1000 - 1 });
  }
});

test('the receipt is mailed once per invoice, however many paid events tell of it', async () => {
  const { accountId } = await billedAccount(world, GOOD_CARD);
  await recordCalls(world, accountId, [{ endpoint: COMMENTS, units: 200, priceMicros: 6000 }]);
  const [closed] = await closeMonth({ month: billingMonth(), accountId });
  await world.emulator.flushWebhooks();
  const { stripeInvoiceId } = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  const paid = (await eventsOf(world, 'invoice.paid')).find(
    (e) => (e.data.object as Stripe.Invoice).id === stripeInvoiceId,
  )!;
  // Two more events of the same payment, each with an id of its own (Stripe may send both).
  for (const id of [`evt_${randomUUID()}`, `evt_${randomUUID()}`]) {
    expect(await handleStripeEvent({ ...paid, id })).toBe('handled');
  }
  const { email } = await db.user.findFirstOrThrow({ where: { accountId } });
  expect((await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
});

test('an account billed by invoice gets no "payment failed" mail', async () => {
  const email = `by-invoice-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  await setInvoiceBilling({ email, invoice: true });
  await recordCalls(world, accountId, [{ endpoint: COMMENTS, units: 200, priceMicros: 6000 }]);
  const [closed] = await closeMonth({ month: billingMonth(), accountId });
  await world.emulator.flushWebhooks();
  const { stripeInvoiceId } = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  // A failed try on the invoice's page, as Stripe announces it.
  const remote = await world.stripe.invoices.retrieve(stripeInvoiceId!);
  const failed = {
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'invoice.payment_failed',
    data: { object: remote },
  } as unknown as Stripe.Event;
  expect(await handleStripeEvent(failed)).toBe('handled');
  expect((await mailTo(email)).some((m) => m.subject.includes('failed'))).toBe(false);
});
