// POST /api/webhooks/stripe and what it does: signatures, repeated and out-of-order deliveries,
// and the account_blocked lifecycle from a failed invoice payment to an updated card.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';

import { db } from '@/lib/db';
import { completePaymentMethodSetup } from '../complete-payment-method-setup';
import { closeMonth } from '../close-month';
import {
  billedAccount,
  type BillingWorld,
  recordCalls,
  saveCard,
  startBillingWorld,
  WEBHOOK_SECRET,
} from './support/billing-harness';
import { billingMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

function deliver(payload: string, signature: string | null) {
  return webhookRoute(
    new Request('http://console.test/api/webhooks/stripe', {
      method: 'POST',
      body: payload,
      headers: signature === null ? {} : { 'stripe-signature': signature },
    }),
  );
}
const signed = (payload: string) =>
  deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));

/** An account whose month was closed with a card whose charges fail: blocked. */
async function blockedAccount() {
  const account = await billedAccount(world, '4000000000000341');
  await recordCalls(world, account.accountId, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
  ]);
  await closeMonth({ month: billingMonth(), accountId: account.accountId });
  await world.emulator.flushWebhooks();
  return account;
}

describe('POST /api/webhooks/stripe', () => {
  test('answers a missing or wrong signature with 400 and changes nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'invoice.paid',
      data: { object: { id: 'in_x' } },
    });
    expect((await deliver(payload, null)).status).toBe(400);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const response = await deliver(payload, forged);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid or missing Stripe-Signature', code: 'invalid_signature' },
    });
    expect(await db.stripeEvent.findUnique({ where: { id: 'evt_forged' } })).toBeNull();
  });

  test('answers an event type it does not handle with 200', async () => {
    const response = await signed(
      JSON.stringify({ id: 'evt_unknown_type', object: 'event', type: 'balance.available', data: { object: {} } }),
    );
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
  });

  test('the same event delivered ten times makes one change', async () => {
    const { accountId } = await blockedAccount();
    const [event] = (await world.stripe.events.list({ type: 'invoice.payment_failed', limit: 1 })).data;
    await db.account.update({ where: { id: accountId }, data: { blockedAt: null, blockedReason: null } });
    await db.stripeEvent.deleteMany({ where: { id: event!.id } });
    const outcomes = [];
    for (let i = 0; i < 10; i++) outcomes.push((await (await signed(JSON.stringify(event))).json()).outcome);
    expect(outcomes).toEqual(['handled', ...Array(9).fill('duplicate')]);
    expect(await db.stripeEvent.count({ where: { id: event!.id } })).toBe(1);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).blockedAt).not.toBeNull();
  });

  test('invoice.paid arriving before invoice.payment_failed for the same invoice ends unblocked', async () => {
    const { accountId, customer } = await blockedAccount();
    const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
    const failed = (await world.stripe.events.list({ type: 'invoice.payment_failed', limit: 20 })).data.find(
      (e) => (e.data.object as Stripe.Invoice).id === invoice.stripeInvoiceId,
    )!;
    // The card is replaced and the invoice paid; its invoice.paid is handled first, then the old failure arrives late.
    await saveCard(world, customer, '4242424242424242');
    await world.stripe.invoices.pay(invoice.stripeInvoiceId!, {
      payment_method: (await world.stripe.paymentMethods.list({ customer })).data[0]!.id,
    });
    await world.emulator.flushWebhooks();
    await db.stripeEvent.deleteMany({ where: { id: failed.id } });
    expect((await (await signed(JSON.stringify(failed))).json()).outcome).toBe('handled');
    const account = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(account.blockedAt).toBeNull();
    expect((await db.invoice.findFirstOrThrow({ where: { accountId } })).status).toBe('paid');
  });
});

describe('account_blocked lifecycle', () => {
  test('a failed invoice payment blocks with its reason; a new card pays it and unblocks', async () => {
    const { accountId, customer } = await blockedAccount();
    const blocked = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect(blocked.blockedAt).not.toBeNull();
    expect(blocked.blockedReason).toMatch(
      /^The payment of the invoice SBX-\d+ for \d{4}-\d{2} \(\$\d+\.\d\d\) failed\.$/,
    );
    expect(blocked.blockedCauses).toEqual(['unpaid_invoice']);
    expect((await db.invoice.findFirstOrThrow({ where: { accountId } })).status).toBe('open');

    const session = await saveCard(world, customer, '4242 4242 4242 4242');
    expect(await completePaymentMethodSetup({ accountId, checkoutSessionId: session })).toBe(true);
    await world.emulator.flushWebhooks();
    const after = await db.account.findUniqueOrThrow({ where: { id: accountId } });
    expect({ blockedAt: after.blockedAt, reason: after.blockedReason, card: after.paymentMethodLabel }).toEqual({
      blockedAt: null,
      reason: null,
      card: 'Visa •••• 4242',
    });
    expect((await db.invoice.findFirstOrThrow({ where: { accountId } })).status).toBe('paid');
  });

  test('another account cannot apply a Checkout session that is not its own', async () => {
    const victim = await billedAccount(world);
    const session = await saveCard(world, victim.customer, '4242424242424242');
    const other = await billedAccount(world);
    expect(await completePaymentMethodSetup({ accountId: other.accountId, checkoutSessionId: session })).toBe(false);
  });

  test('a lost dispute blocks the account', async () => {
    const { accountId } = await billedAccount(world, '4242424242424242');
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    await closeMonth({ month: billingMonth(), accountId });
    const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
    const dispute = (await world.emulator.control('/_sandbox/disputes', { invoice: invoice.stripeInvoiceId! })) as {
      id: string;
    };
    await world.emulator.control(`/_sandbox/disputes/${dispute.id}/close`, { status: 'lost' });
    await world.emulator.flushWebhooks();
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).blockedReason).toMatch(/disputed/);
  });
});

describe('customer.deleted', () => {
  test('re-reads the customer: an event for a customer Stripe still has changes nothing; a real deletion clears it', async () => {
    const { accountId, customer } = await billedAccount(world, '4242424242424242');
    const forged = {
      id: `evt_forged_delete_${customer}`,
      object: 'event',
      type: 'customer.deleted',
      data: { object: { id: customer, object: 'customer', deleted: true } },
    };
    expect((await (await signed(JSON.stringify(forged))).json()).outcome).toBe('handled');
    expect(
      await db.account.findUniqueOrThrow({
        where: { id: accountId },
        select: { stripeCustomerId: true, hasPaymentMethod: true },
      }),
    ).toEqual({ stripeCustomerId: customer, hasPaymentMethod: true });

    await world.stripe.customers.del(customer);
    await world.emulator.flushWebhooks();
    expect(
      await db.account.findUniqueOrThrow({
        where: { id: accountId },
        select: { stripeCustomerId: true, hasPaymentMethod: true },
      }),
    ).toEqual({ stripeCustomerId: null, hasPaymentMethod: false });
  });
});
