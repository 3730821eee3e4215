// How a closed month is collected. Accounts billed by invoice get a send_invoice invoice with a due
// date, sent to them; card accounts are charged, and only a card decline is a normal outcome of the
// charge (and a missing card: close-month-no-card.test.ts); any other refusal is a recorded
// failure.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';

import { stripe } from '@/lib/stripe/client';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { closeMonth } from '../close-month';
import { setInvoiceBilling } from '../set-invoice-billing';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { billingMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const month = billingMonth();
const DAY = 86_400;

describe('collecting a closed month', () => {
  test('invoices an account billed by invoice with send_invoice and a due date, and sends the invoice', async () => {
    const email = `invoiced-${randomUUID()}@example.test`;
    const { accountId } = await findOrCreateAccountByEmail({ email });
    await setInvoiceBilling({ email, invoice: true });
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]); // $0.90
    const [closed] = await closeMonth({ month, accountId });
    expect(closed).toMatchObject({ outcome: 'invoiced', amountCents: 90, invoiceStatus: 'open' });

    const local = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
    const remote = await world.stripe.invoices.retrieve(local.stripeInvoiceId!);
    expect({
      collection: remote.collection_method,
      status: remote.status,
      total: remote.total,
      attempts: remote.attempt_count,
    }).toEqual({ collection: 'send_invoice', status: 'open', total: 90, attempts: 0 });
    // Due INVOICE_DAYS_UNTIL_DUE (30) days after it was issued, and the console knows the date.
    expect(env.INVOICE_DAYS_UNTIL_DUE).toBe(30);
    const issued = remote.status_transitions.finalized_at!;
    expect(remote.due_date! - issued).toBeGreaterThanOrEqual(30 * DAY - DAY);
    expect(remote.due_date! - issued).toBeLessThanOrEqual(30 * DAY + DAY);
    expect(local.dueAt?.getTime()).toBe(remote.due_date! * 1000);
    // Sent to the customer (Stripe mails it), never charged.
    const sent = await world.stripe.events.list({ type: 'invoice.sent', limit: 100 });
    expect(sent.data.some((e) => (e.data.object as { id?: string }).id === remote.id)).toBe(true);
    expect(local.closedAt).not.toBeNull();
    expect(await db.monthCloseFailure.count({ where: { accountId } })).toBe(0);
  });

  test('a card decline is a normal outcome of the close, recorded on the invoice', async () => {
    const { accountId } = await billedAccount(world, '4000000000000341');
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    const [closed] = await closeMonth({ month, accountId });
    expect(closed).toMatchObject({ outcome: 'invoiced', amountCents: 90, invoiceStatus: 'open' });
    expect(await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } })).toMatchObject({
      attemptCount: 1,
    });
    expect(await db.monthCloseFailure.count({ where: { accountId } })).toBe(0);
  });

  test('a charge refused for another reason than a decline or a missing card is not swallowed: recorded, and charged by a later run', async () => {
    // Stripe failing (a 500 after its retries) while the card is on file.
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    const pay = vi
      .spyOn(stripe().invoices, 'pay')
      .mockRejectedValueOnce(
        Object.assign(new Error('An error occurred with our connection to Stripe.'), { type: 'StripeAPIError' }),
      );
    const [refused] = await closeMonth({ month, accountId });
    pay.mockRestore();
    expect(refused).toMatchObject({ outcome: 'failed' });
    expect(refused!.error).toMatch(/could not be charged/);
    const failure = await db.monthCloseFailure.findUniqueOrThrow({ where: { accountId_month: { accountId, month } } });
    expect({ attempts: failure.attempts, resolved: failure.resolvedAt }).toEqual({ attempts: 1, resolved: null });
    const invoice = await db.invoice.findFirstOrThrow({ where: { accountId, month } });
    expect(invoice.closedAt).toBeNull();
    expect(invoice.noPaymentMethodAt).toBeNull();

    const [charged] = await closeMonth({ month, accountId });
    expect(charged).toMatchObject({ invoiceId: invoice.id, amountCents: 90, invoiceStatus: 'paid' });
    expect(
      (await db.monthCloseFailure.findUniqueOrThrow({ where: { accountId_month: { accountId, month } } })).resolvedAt,
    ).not.toBeNull();
    expect((await world.stripe.invoices.list({ customer })).data.map((i) => i.status)).toEqual(['paid']);
  });
});
