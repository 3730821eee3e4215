// Webhooks and account standing: what each Stripe event does through the real route (POST
// /api/webhooks/stripe, fed by the Stripe emulator), that a repeated event does not run its handler
// again, and that a failed handler leaves the event to Stripe's retry.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { closeMonth } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
import { completePaymentMethodSetup } from '../complete-payment-method-setup';
import { setInvoiceBilling } from '../set-invoice-billing';
import { unblockAccount } from '../unblock-account';
import {
  billedAccount,
  type BillingWorld,
  recordCalls,
  saveCard,
  startBillingWorld,
  WEBHOOK_SECRET,
} from './support/billing-harness';
import {
  addCardInPortal,
  chargeMonth,
  closedAccount,
  DECLINING_CARD,
  eventsOf,
  GOOD_CARD,
  standingOf,
} from './support/standing-helpers';
import { billingMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});
afterEach(() => {
  closeMonthHooks.onStep = undefined;
});

const month = billingMonth();
const invoicesOf = (accountId: string) =>
  db.invoice.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { sequence: 'asc' }] });
const cardOf = (accountId: string) =>
  db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { stripeCustomerId: true, hasPaymentMethod: true, paymentMethodLabel: true },
  });
const activityOf = (accountId: string) =>
  db.accountEvent.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
    select: { type: true, detail: true },
  });

/** Delivers a payload to the route, signed as Stripe signs it; its status and outcome. */
async function deliver(event: Stripe.Event): Promise<{ status: number; outcome?: string }> {
  const payload = JSON.stringify(event);
  const response = await webhookRoute(
    new Request('http://console.test/api/webhooks/stripe', {
      method: 'POST',
      body: payload,
      headers: { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
    }),
  );
  return { status: response.status, outcome: ((await response.json()) as { outcome?: string }).outcome };
}

/**
 * Runs `work` while the app's Stripe (STRIPE_SANDBOX_URL, read on each call) answers every
 * request with a 400: any handler that reads Stripe fails. The requests it received.
 */
async function withStripeRefusing(work: () => Promise<void>): Promise<number> {
  let requests = 0;
  const refusing = http.createServer((request, response) => {
    requests++;
    request.resume();
    response.writeHead(400, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        error: { type: 'invalid_request_error', message: 'Stripe is refusing requests in this test' },
      }),
    );
  });
  await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
  const saved = process.env.STRIPE_SANDBOX_URL;
  process.env.STRIPE_SANDBOX_URL = `http://127.0.0.1:${(refusing.address() as { port: number }).port}`;
  try {
    await work();
  } finally {
    process.env.STRIPE_SANDBOX_URL = saved;
    await new Promise((r) => refusing.close(r));
  }
  return requests;
}

/** Saves a card through Checkout and comes back to the billing page with it, as the customer does. */
async function updateCard(accountId: string, customer: string, card: string): Promise<void> {
  const session = await saveCard(world, customer, card);
  expect(await completePaymentMethodSetup({ accountId, checkoutSessionId: session })).toBe(true);
  await world.emulator.flushWebhooks();
}

describe('each event is handled once', () => {
  test('a duplicate event does not re-run its handler: a block the operator cleared stays cleared, and Stripe is not asked', async () => {
    const { accountId } = await closedAccount(world, DECLINING_CARD);
    const [invoice] = await invoicesOf(accountId);
    const failed = (await eventsOf(world, 'invoice.payment_failed')).find(
      (e) => (e.data.object as Stripe.Invoice).id === invoice!.stripeInvoiceId,
    )!;
    expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);
    expect(await unblockAccount({ accountId, reason: 'Paid by bank transfer', actorLabel: 'operator (cli)' })).toEqual([
      'unpaid_invoice',
    ]);

    let answer: Awaited<ReturnType<typeof deliver>> | undefined;
    const asked = await withStripeRefusing(async () => {
      answer = await deliver(failed);
    });
    expect(answer).toEqual({ status: 200, outcome: 'duplicate' });
    expect(asked).toBe(0);
    expect(await deliver(failed)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await standingOf(accountId)).toMatchObject({ blockedAt: null, blockedCauses: [] });
    expect((await activityOf(accountId)).map((a) => a.type)).toEqual(['blocked', 'unblocked']);
  });

  test("a handler that fails leaves no event row, so Stripe's retry is handled", async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    const answered = world.answers.length;
    const asked = await withStripeRefusing(async () => {
      // The emulator delivers customer.deleted at once; its handler reads the customer and fails.
      await world.stripe.customers.del(customer);
      await vi.waitFor(() => expect(world.answers.slice(answered)).toContain(500), { timeout: 20_000, interval: 20 });
    });
    expect(asked).toBeGreaterThan(0);
    const [deleted] = (await eventsOf(world, 'customer.deleted')).filter(
      (e) => (e.data.object as Stripe.Customer).id === customer,
    );
    expect(await db.stripeEvent.findUnique({ where: { id: deleted!.id } })).toBeNull();
    expect((await cardOf(accountId)).stripeCustomerId).toBe(customer);

    // The emulator retries the delivery, as Stripe does after a 5xx.
    await world.emulator.flushWebhooks();
    expect(world.answers.slice(answered).filter((s) => s !== 500)).toEqual([200]);
    expect(await db.stripeEvent.findUnique({ where: { id: deleted!.id } })).not.toBeNull();
    expect(await cardOf(accountId)).toEqual({
      stripeCustomerId: null,
      hasPaymentMethod: false,
      paymentMethodLabel: null,
    });
  });
});

describe('what blocks an account, and what does not', () => {
  test('an uncollectible invoice blocks, with its reason', async () => {
    // Billed by invoice: sent with a due date, so nothing but the uncollectible mark can block it.
    const email = `uncollectible-${randomUUID()}@example.test`;
    const { accountId } = await findOrCreateAccountByEmail({ email });
    await setInvoiceBilling({ email, invoice: true });
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    await closeMonth({ month, accountId });
    await world.emulator.flushWebhooks();
    const [invoice] = await invoicesOf(accountId);
    expect({ status: invoice!.status, blocked: (await standingOf(accountId)).blockedAt }).toEqual({
      status: 'open',
      blocked: null,
    });

    await world.stripe.invoices.markUncollectible(invoice!.stripeInvoiceId!);
    await world.emulator.flushWebhooks();
    expect((await invoicesOf(accountId))[0]!.status).toBe('uncollectible');
    const standing = await standingOf(accountId);
    expect(standing.blockedAt).not.toBeNull();
    expect(standing).toMatchObject({
      blockedCauses: ['unpaid_invoice'],
      blockedReason: `The invoice ${invoice!.number} for ${month} ($0.90) could not be collected.`,
      blockedDueCents: 90,
    });
  });

  test('a finalized invoice with no failed attempt yet does not block; invoice.finalized records it as open with its number', async () => {
    const { accountId } = await billedAccount(world, GOOD_CARD);
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    let atFinalized:
      | {
          invoice: { status: string; number: string | null; attemptCount: number; finalizedAt: Date | null };
          blockedAt: Date | null;
        }
      | undefined;
    // Held after Stripe finalized the invoice and before it is charged: its webhooks are handled there.
    closeMonthHooks.onStep = async (step, at) => {
      if (step !== 'finalized' || at.accountId !== accountId) return;
      await world.emulator.flushWebhooks();
      atFinalized = {
        invoice: await db.invoice.findFirstOrThrow({
          where: { accountId },
          select: { status: true, number: true, attemptCount: true, finalizedAt: true },
        }),
        blockedAt: (await standingOf(accountId)).blockedAt,
      };
    };
    expect(await closeMonth({ month, accountId })).toEqual([
      expect.objectContaining({ outcome: 'invoiced', amountCents: 90 }),
    ]);
    expect(atFinalized).toMatchObject({
      invoice: {
        status: 'open',
        number: expect.stringMatching(/^SBX-\d+$/),
        attemptCount: 0,
        finalizedAt: expect.any(Date),
      },
      blockedAt: null,
    });
    await world.emulator.flushWebhooks();
    expect((await invoicesOf(accountId))[0]!.status).toBe('paid');
    expect(await db.accountBlock.count({ where: { accountId } })).toBe(0);
  });

  test('a dispute opened, then won, does not block', async () => {
    const { accountId } = await closedAccount(world, GOOD_CARD);
    const [invoice] = await invoicesOf(accountId);
    const answered = world.answers.length;
    const dispute = (await world.emulator.control('/_sandbox/disputes', { invoice: invoice!.stripeInvoiceId! })) as {
      id: string;
    };
    await world.emulator.flushWebhooks();
    expect(
      (await eventsOf(world, 'charge.dispute.created')).some(
        (e) => (e.data.object as Stripe.Dispute).id === dispute.id,
      ),
    ).toBe(true);
    expect((await standingOf(accountId)).blockedAt).toBeNull();

    await world.emulator.control(`/_sandbox/disputes/${dispute.id}/close`, { status: 'won' });
    await world.emulator.flushWebhooks();
    expect(
      (await eventsOf(world, 'charge.dispute.closed')).some((e) => (e.data.object as Stripe.Dispute).id === dispute.id),
    ).toBe(true);
    expect(await standingOf(accountId)).toMatchObject({ blockedAt: null, blockedCauses: [] });
    expect(await db.accountBlock.count({ where: { accountId } })).toBe(0);
    expect(world.answers.slice(answered).filter((s) => s !== 200)).toEqual([]);
  });
});

describe('saving a new card retries every unpaid invoice, not only the first', () => {
  async function twoUnpaidInvoices() {
    const account = await closedAccount(world, DECLINING_CARD);
    await chargeMonth(world, account.accountId); // the month's next invoice, declined too
    expect((await invoicesOf(account.accountId)).map((i) => [i.status, i.amountCents])).toEqual([
      ['open', 90],
      ['open', 120],
    ]);
    return account;
  }

  test('a card added in the portal (told once, by customer.updated) pays both', async () => {
    const { accountId, customer } = await twoUnpaidInvoices();
    await addCardInPortal(world, customer, GOOD_CARD);
    expect((await invoicesOf(accountId)).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });

  test('a card saved through Checkout pays both', async () => {
    const { accountId, customer } = await twoUnpaidInvoices();
    await updateCard(accountId, customer, GOOD_CARD);
    expect((await invoicesOf(accountId)).map((i) => i.status)).toEqual(['paid', 'paid']);
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });
});

describe('the card on file follows Stripe (through the route)', () => {
  test('customer.deleted clears the card on file and the customer reference', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    expect(await cardOf(accountId)).toEqual({
      stripeCustomerId: customer,
      hasPaymentMethod: true,
      paymentMethodLabel: 'Visa •••• 4242',
    });
    await world.stripe.customers.del(customer);
    await world.emulator.flushWebhooks();
    expect(await cardOf(accountId)).toEqual({
      stripeCustomerId: null,
      hasPaymentMethod: false,
      paymentMethodLabel: null,
    });
  });

  test('payment_method.detached of the default card leaves no payment method on file', async () => {
    const { accountId, customer } = await billedAccount(world, GOOD_CARD);
    const [card] = (await world.stripe.paymentMethods.list({ customer })).data;
    await world.stripe.paymentMethods.detach(card!.id);
    await world.emulator.flushWebhooks();
    expect(await cardOf(accountId)).toEqual({
      stripeCustomerId: customer,
      hasPaymentMethod: false,
      paymentMethodLabel: null,
    });

    // The detachment on its own (as if the customer.updated sent with it were lost or late) does it too.
    const [detached] = (await eventsOf(world, 'payment_method.detached')).filter(
      (e) => (e.data.object as Stripe.PaymentMethod).id === card!.id,
    );
    await db.account.update({
      where: { id: accountId },
      data: { hasPaymentMethod: true, paymentMethodLabel: 'Visa •••• 4242' },
    });
    await db.stripeEvent.deleteMany({ where: { id: detached!.id } });
    expect(await deliver(detached!)).toEqual({ status: 200, outcome: 'handled' });
    expect(await cardOf(accountId)).toEqual({
      stripeCustomerId: customer,
      hasPaymentMethod: false,
      paymentMethodLabel: null,
    });
  });

  test('invoice.voided records the invoice as void and lifts its block', async () => {
    const { accountId } = await closedAccount(world, DECLINING_CARD);
    const [invoice] = await invoicesOf(accountId);
    expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);
    await world.stripe.invoices.voidInvoice(invoice!.stripeInvoiceId!);
    await world.emulator.flushWebhooks();
    expect((await invoicesOf(accountId))[0]!.status).toBe('void');
    expect(await standingOf(accountId)).toMatchObject({ blockedAt: null, blockedCauses: [] });
    expect((await activityOf(accountId)).at(-1)).toEqual({
      type: 'unblocked',
      detail: `Invoice ${invoice!.number} for ${month} was voided.`,
    });
  });
});
