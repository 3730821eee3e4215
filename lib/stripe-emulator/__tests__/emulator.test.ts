// The Stripe emulator driven by the real stripe SDK through its host/port/protocol options, and
// its webhooks received by a real HTTP server and checked with the SDK's own constructEvent.
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../server';

const secret = 'whsec_sandbox_test_secret';
let emulator: StripeEmulator;
let stripe: Stripe;
let receiver: http.Server;
const received: Stripe.Event[] = [];
let failNext = 0;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
      if (failNext > 0) {
        failNext--;
        return void response.writeHead(500).end();
      }
      try {
        received.push(Stripe.webhooks.constructEvent(body, String(request.headers['stripe-signature']), secret));
        response.writeHead(200).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const { port } = receiver.address() as { port: number };
  emulator = await startStripeEmulator({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe`,
    webhookSecret: secret,
  });
  stripe = clientOf(emulator);
});

/** The stripe SDK pointed at an emulator, with the emulator's own secret key. */
function clientOf(running: StripeEmulator): Stripe {
  const url = new URL(running.url);
  return new Stripe(running.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}
afterAll(async () => {
  await emulator?.close();
  await new Promise((r) => receiver.close(r));
});

async function customerWithCard(card: string) {
  const customer = await stripe.customers.create({ email: 'card@example.test', metadata: { accountId: 'acct_1' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://console.test/billing?session={CHECKOUT_SESSION_ID}',
  });
  await emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card });
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
  const intent = done.setup_intent as Stripe.SetupIntent;
  await stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: intent.payment_method as string },
  });
  return { customer, session: done, paymentMethod: intent.payment_method as string };
}

async function invoiceOf(customer: string, cents: number[]) {
  const invoice = await stripe.invoices.create({ customer, auto_advance: false, metadata: { month: '2026-10' } });
  for (const [i, amount] of cents.entries()) {
    await stripe.invoiceItems.create({
      customer,
      invoice: invoice.id,
      amount,
      currency: 'usd',
      description: `line ${i}`,
    });
  }
  return stripe.invoices.finalizeInvoice(invoice.id!);
}

describe('Stripe emulator through the stripe SDK', () => {
  test('saves a card through Checkout in setup mode and announces it in order', async () => {
    received.length = 0;
    const { session, paymentMethod } = await customerWithCard('4242 4242 4242 4242');
    expect(session.status).toBe('complete');
    expect((await stripe.paymentMethods.retrieve(paymentMethod)).card?.last4).toBe('4242');
    await emulator.flushWebhooks();
    expect(received.map((e) => e.type)).toEqual([
      'customer.created',
      'payment_method.attached',
      'setup_intent.succeeded',
      'checkout.session.completed',
      'customer.updated',
    ]);
  });

  test('declines 4000 0000 0000 0002 at setup on the hosted page, which stays open', async () => {
    const customer = await stripe.customers.create({ email: 'declined@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      success_url: 'http://console.test/ok',
    });
    expect(session.url!.startsWith(emulator.pagesUrl)).toBe(true);
    const page = await fetch(session.url!);
    expect(await page.text()).toContain('<label for="card">Card number</label>');
    const posted = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4000000000000002' }),
      redirect: 'manual',
    });
    expect(posted.status).toBe(402);
    expect(await posted.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    const saved = await fetch(session.url!, {
      method: 'POST',
      body: new URLSearchParams({ card: '4242424242424242' }),
      redirect: 'manual',
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('http://console.test/ok');
  });

  test('pays an invoice with 4242, and declines 0341 and 9995 with their decline codes', async () => {
    const ok = await customerWithCard('4242424242424242');
    const invoice = await invoiceOf(ok.customer.id, [1234, 66]);
    expect({ status: invoice.status, total: invoice.total, number: invoice.number?.startsWith('SBX-') }).toEqual({
      status: 'open',
      total: 1300,
      number: true,
    });
    const paid = await stripe.invoices.pay(invoice.id!);
    expect({ status: paid.status, amount_paid: paid.amount_paid }).toEqual({ status: 'paid', amount_paid: 1300 });

    for (const [card, declineCode] of [
      ['4000000000000341', 'generic_decline'],
      ['4000000000009995', 'insufficient_funds'],
    ] as const) {
      const failing = await customerWithCard(card);
      const open = await invoiceOf(failing.customer.id, [500]);
      const error = await stripe.invoices.pay(open.id!).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect((error as Stripe.errors.StripeCardError).decline_code).toBe(declineCode);
      const after = await stripe.invoices.retrieve(open.id!);
      expect({ status: after.status, attempt_count: after.attempt_count }).toEqual({
        status: 'open',
        attempt_count: 1,
      });
    }
  });

  test('voids and marks uncollectible, and lists a customer’s invoices page by page', async () => {
    const { customer } = await customerWithCard('4000000000000341');
    const first = await invoiceOf(customer.id, [100]);
    const second = await invoiceOf(customer.id, [200]);
    expect((await stripe.invoices.voidInvoice(first.id!)).status).toBe('void');
    expect((await stripe.invoices.markUncollectible(second.id!)).status).toBe('uncollectible');
    const page1 = await stripe.invoices.list({ customer: customer.id, limit: 1 });
    const page2 = await stripe.invoices.list({ customer: customer.id, limit: 1, starting_after: page1.data[0]!.id });
    expect({ has_more: page1.has_more, ids: [page1.data[0]!.id, page2.data[0]!.id].sort() }).toEqual({
      has_more: true,
      ids: [first.id, second.id].sort(),
    });
  });

  test('replays an idempotent request and refuses the same key with other parameters', async () => {
    const key = `idem-${Date.now()}`;
    const a = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: 'same@example.test' }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    await expect(
      stripe.customers.create({ email: 'other@example.test' }, { idempotencyKey: key }),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  test('answers unknown objects with 404 resource_missing and a missing key with 401', async () => {
    const error = (await stripe.invoices.retrieve('in_nothing').catch((e: unknown) => e)) as Stripe.errors.StripeError;
    expect({ type: error.type, code: error.code, status: error.statusCode }).toEqual({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      status: 404,
    });
    expect((await fetch(`${emulator.url}/v1/customers`)).status).toBe(401);
  });

  test('retries a webhook its endpoint refused, and keeps the order', async () => {
    received.length = 0;
    failNext = 2;
    const customer = await stripe.customers.create({ email: 'retry@example.test' });
    await stripe.customers.del(customer.id);
    await emulator.flushWebhooks();
    expect(received.map((e) => e.type)).toEqual(['customer.created', 'customer.deleted']);
  });

  test('keeps its state across a restart on the same database', async () => {
    const customer = await stripe.customers.create({ email: 'kept@example.test' });
    const url = new URL(emulator.url);
    await emulator.close();
    emulator = await startStripeEmulator({
      port: Number(url.port),
      databaseUrl: process.env.DATABASE_URL!,
      webhookUrl: null,
      webhookSecret: secret,
      secretKey: emulator.secretKey,
    });
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
  });
});
