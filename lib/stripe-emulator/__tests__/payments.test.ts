// PaymentIntents charged off-session as Stripe answers them (success, the decline's 402 with the
// PaymentIntent inside, authentication_required), Idempotency-Key replay of a charge, and the
// events, received by a real HTTP server and checked with the SDK's own constructEvent.
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorOf, type EmulatorWorld, emulatorStarter } from './emulator-with';

const secret = 'whsec_payments_test';
const emulatorWith = emulatorStarter(secret);
let world: EmulatorWorld;
let receiver: http.Server;
const received: Stripe.Event[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => {
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
  world = await emulatorWith({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` });
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

/** A customer with a card saved through Checkout in setup mode (and made the default). */
async function customerWithCard(card: string) {
  const { stripe, emulator } = world;
  const customer = await stripe.customers.create({ email: 'credits@example.test' });
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://console.test/ok',
  });
  await emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card });
  const intent = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] }))
    .setup_intent as Stripe.SetupIntent;
  const paymentMethod = intent.payment_method as string;
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } });
  return { customer: customer.id, paymentMethod };
}

/** The signed events delivered about a PaymentIntent (its own and its charges'), in order. */
async function eventsOf(intentId: string) {
  await world.emulator.flushWebhooks();
  return received.filter((e) => {
    const object = e.data.object as { id?: string; payment_intent?: string };
    return object.id === intentId || object.payment_intent === intentId;
  });
}

const offSession = (
  customer: string,
  paymentMethod: string,
  extra: Partial<Stripe.PaymentIntentCreateParams> = {},
) => ({
  amount: 2000,
  currency: 'usd',
  customer,
  payment_method: paymentMethod,
  off_session: true,
  confirm: true,
  description: 'Prepaid credits: auto-recharge',
  metadata: { accountId: 'acct_1', purpose: 'auto_recharge' },
  ...extra,
});

describe('PaymentIntents charged off-session', () => {
  test('a card that pays: the PaymentIntent succeeds with its charge, announced in order', async () => {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    const intent = await world.stripe.paymentIntents.create(offSession(customer, paymentMethod));
    expect({
      status: intent.status,
      amount: intent.amount,
      amount_received: intent.amount_received,
      customer: intent.customer,
      payment_method: intent.payment_method,
      metadata: intent.metadata,
      description: intent.description,
    }).toEqual({
      status: 'succeeded',
      amount: 2000,
      amount_received: 2000,
      customer,
      payment_method: paymentMethod,
      metadata: { accountId: 'acct_1', purpose: 'auto_recharge' },
      description: 'Prepaid credits: auto-recharge',
    });
    const charge = await world.stripe.charges.retrieve(intent.latest_charge as string);
    expect({ status: charge.status, paid: charge.paid, amount: charge.amount, intent: charge.payment_intent }).toEqual({
      status: 'succeeded',
      paid: true,
      amount: 2000,
      intent: intent.id,
    });
    expect((await world.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const events = await eventsOf(intent.id);
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.succeeded',
    ]);
    const succeeded = events[2]!.data.object as Stripe.PaymentIntent;
    expect({ status: succeeded.status, metadata: succeeded.metadata, latest_charge: succeeded.latest_charge }).toEqual({
      status: 'succeeded',
      metadata: { accountId: 'acct_1', purpose: 'auto_recharge' },
      latest_charge: charge.id,
    });
  });

  test.each([
    ['4000000000000341', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000002760003184', 'authentication_required', 'authentication_required'],
  ])(
    'card %s is declined with a 402 card_error %s (%s) carrying the PaymentIntent, now requires_payment_method',
    async (card, code, declineCode) => {
      const { customer, paymentMethod } = await customerWithCard(card);
      const error = (await errorOf(world.stripe.paymentIntents.create(offSession(customer, paymentMethod))))!;
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      const intent = error.payment_intent!;
      expect({
        status: error.statusCode,
        type: error.rawType,
        code: error.code,
        decline_code: error.decline_code,
        charge: error.charge?.startsWith('ch_'),
        intent: intent.status,
        last_error: intent.last_payment_error?.code,
        last_decline: intent.last_payment_error?.decline_code,
        last_card: (intent.last_payment_error?.payment_method as Stripe.PaymentMethod | undefined)?.id,
      }).toEqual({
        status: 402,
        type: 'card_error',
        code,
        decline_code: declineCode,
        charge: true,
        intent: 'requires_payment_method',
        last_error: code,
        last_decline: declineCode,
        last_card: paymentMethod,
      });
      const retrieved = await world.stripe.paymentIntents.retrieve(intent.id);
      expect({ status: retrieved.status, received: retrieved.amount_received }).toEqual({
        status: 'requires_payment_method',
        received: 0,
      });
      const charge = await world.stripe.charges.retrieve(error.charge!);
      expect({ status: charge.status, failure_code: charge.failure_code }).toEqual({
        status: 'failed',
        failure_code: code,
      });
      const events = await eventsOf(intent.id);
      expect(events.map((e) => e.type)).toEqual([
        'payment_intent.created',
        'charge.failed',
        'payment_intent.payment_failed',
      ]);
      const failed = events[2]!.data.object as Stripe.PaymentIntent;
      expect({ status: failed.status, code: failed.last_payment_error?.code }).toEqual({
        status: 'requires_payment_method',
        code,
      });
    },
  );

  test('with the customer present (no off_session), a card that asks for authentication leaves the PaymentIntent requires_action', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000002760003184');
    const intent = await world.stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer,
      payment_method: paymentMethod,
      confirm: true,
    });
    expect({ status: intent.status, next: intent.next_action?.type, charge: intent.latest_charge }).toEqual({
      status: 'requires_action',
      next: 'use_stripe_sdk',
      charge: null,
    });
  });

  test('without confirm the PaymentIntent waits for confirmation and nothing is charged', async () => {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    const intent = await world.stripe.paymentIntents.create({
      amount: 1500,
      currency: 'usd',
      customer,
      payment_method: paymentMethod,
    });
    expect({ status: intent.status, charge: intent.latest_charge }).toEqual({
      status: 'requires_confirmation',
      charge: null,
    });
  });

  test('the same Idempotency-Key answers the same PaymentIntent, charged once; a decline is replayed too', async () => {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    const key = `recharge-${Date.now()}`;
    const first = await world.stripe.paymentIntents.create(offSession(customer, paymentMethod), {
      idempotencyKey: key,
    });
    const again = await world.stripe.paymentIntents.create(offSession(customer, paymentMethod), {
      idempotencyKey: key,
    });
    expect({ id: again.id, charge: again.latest_charge }).toEqual({ id: first.id, charge: first.latest_charge });
    expect((await eventsOf(first.id)).filter((e) => e.type === 'charge.succeeded')).toHaveLength(1);
    const other = await errorOf(
      world.stripe.paymentIntents.create(offSession(customer, paymentMethod, { amount: 3000 }), {
        idempotencyKey: key,
      }),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);

    const declining = await customerWithCard('4000000000009995');
    const declineKey = `${key}-declined`;
    const declined = await errorOf(
      world.stripe.paymentIntents.create(offSession(declining.customer, declining.paymentMethod), {
        idempotencyKey: declineKey,
      }),
    );
    const replayed = await errorOf(
      world.stripe.paymentIntents.create(offSession(declining.customer, declining.paymentMethod), {
        idempotencyKey: declineKey,
      }),
    );
    expect({
      status: replayed?.statusCode,
      intent: replayed?.payment_intent?.id,
      replayed: replayed?.headers?.['idempotent-replayed'],
    }).toEqual({ status: 402, intent: declined?.payment_intent?.id, replayed: 'true' });
    expect((await eventsOf(declined!.payment_intent!.id)).filter((e) => e.type === 'charge.failed')).toHaveLength(1);
  });

  test('bad requests are 400s naming the parameter: below $0.50, off_session without confirm, a card of another customer', async () => {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    const small = await errorOf(
      world.stripe.paymentIntents.create(offSession(customer, paymentMethod, { amount: 49 })),
    );
    expect({ status: small?.statusCode, code: small?.code, param: small?.param }).toEqual({
      status: 400,
      code: 'amount_too_small',
      param: 'amount',
    });
    const unconfirmed = await errorOf(
      world.stripe.paymentIntents.create(offSession(customer, paymentMethod, { confirm: false })),
    );
    expect({ status: unconfirmed?.statusCode, param: unconfirmed?.param }).toEqual({
      status: 400,
      param: 'off_session',
    });
    const stranger = await customerWithCard('4242424242424242');
    const foreign = await errorOf(world.stripe.paymentIntents.create(offSession(customer, stranger.paymentMethod)));
    expect({ status: foreign?.statusCode, param: foreign?.param }).toEqual({ status: 400, param: 'payment_method' });
    const unknown = await errorOf(
      world.stripe.paymentIntents.create({
        ...offSession(customer, paymentMethod),
        colour: 'blue',
      } as Stripe.PaymentIntentCreateParams),
    );
    expect({ status: unknown?.statusCode, code: unknown?.code }).toEqual({ status: 400, code: 'parameter_unknown' });
  });

  test("Stripe's test PaymentMethods work in place of a saved card", async () => {
    const customer = await world.stripe.customers.create({ email: 'test-pm@example.test' });
    const intent = await world.stripe.paymentIntents.create(offSession(customer.id, 'pm_card_visa'));
    expect(intent.status).toBe('succeeded');
    const declined = await errorOf(
      world.stripe.paymentIntents.create(offSession(customer.id, 'pm_card_chargeCustomerFail')),
    );
    expect(declined?.code).toBe('card_declined');
  });
});

/** A Checkout Session in payment mode for prepaid credits, as the console would create it. */
function creditsSession(customer: string, extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return world.stripe.checkout.sessions.create({
    mode: 'payment',
    customer,
    line_items: [
      {
        price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'API credits' } },
        quantity: 1,
      },
    ],
    payment_intent_data: { setup_future_usage: 'off_session', metadata: { accountId: 'acct_9', credits: '2000' } },
    metadata: { accountId: 'acct_9' },
    client_reference_id: 'acct_9',
    success_url: 'http://console.test/billing/credits?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://console.test/billing/credits',
    ...extra,
  });
}

const pay = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });

/** The signed events delivered about a Checkout Session, its PaymentIntent, charges and the card it saved. */
async function eventsAbout(session: Stripe.Checkout.Session, intentId: string | null, cardId?: string) {
  await world.emulator.flushWebhooks();
  return received.filter((e) => {
    const object = e.data.object as { id?: string; payment_intent?: string };
    return (
      object.id === session.id ||
      (intentId !== null && (object.id === intentId || object.payment_intent === intentId)) ||
      (cardId !== undefined && object.id === cardId)
    );
  });
}

describe('Checkout in payment mode, through the hosted page', () => {
  test('a new card pays: the session completes, paid, its PaymentIntent succeeds and the card is saved (not made the default)', async () => {
    const customer = await world.stripe.customers.create({ email: 'buyer@example.test' });
    const session = await creditsSession(customer.id);
    expect({
      mode: session.mode,
      status: session.status,
      payment_status: session.payment_status,
      amount_total: session.amount_total,
      currency: session.currency,
      payment_intent: session.payment_intent,
      client_reference_id: session.client_reference_id,
      url: session.url?.startsWith(world.emulator.pagesUrl),
    }).toEqual({
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 2000,
      currency: 'usd',
      payment_intent: null,
      client_reference_id: 'acct_9',
      url: true,
    });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Pay $20.00');
    expect(page).toContain('API credits');

    const paid = await pay(session.url!, { payment_method: 'new', card: '4242 4242 4242 4242' });
    expect({ status: paid.status, location: paid.headers.get('location') }).toEqual({
      status: 303,
      location: `http://console.test/billing/credits?session=${session.id}`,
    });
    const done = await world.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect({
      status: done.status,
      payment_status: done.payment_status,
      intent: intent.status,
      amount: intent.amount_received,
      metadata: intent.metadata,
      setup_future_usage: intent.setup_future_usage,
    }).toEqual({
      status: 'complete',
      payment_status: 'paid',
      intent: 'succeeded',
      amount: 2000,
      metadata: { accountId: 'acct_9', credits: '2000' },
      setup_future_usage: 'off_session',
    });
    const cards = await world.stripe.paymentMethods.list({ customer: customer.id });
    expect(cards.data.map((c) => [c.id, c.card?.last4])).toEqual([[intent.payment_method, '4242']]);
    const after = await world.stripe.customers.retrieve(customer.id);
    expect((after as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();

    const events = await eventsAbout(session, intent.id, intent.payment_method as string);
    expect(events.map((e) => e.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_method.attached',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
    const completed = events[4]!.data.object as Stripe.Checkout.Session;
    expect({ status: completed.status, paid: completed.payment_status, intent: completed.payment_intent }).toEqual({
      status: 'complete',
      paid: 'paid',
      intent: intent.id,
    });
    expect((await fetch(session.url!)).status).toBe(410);
  });

  test('a declined card shows the reason and the session stays open; then the saved default card pays the same PaymentIntent', async () => {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    const session = await creditsSession(customer);
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('Saved card: visa •••• 4242');

    const declined = await pay(session.url!, { payment_method: 'new', card: '4000000000009995' });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card has insufficient funds.');
    const open = await world.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const failedIntent = open.payment_intent as Stripe.PaymentIntent;
    expect({ status: open.status, paid: open.payment_status, intent: failedIntent.status }).toEqual({
      status: 'open',
      paid: 'unpaid',
      intent: 'requires_payment_method',
    });

    const paid = await pay(session.url!, { payment_method: paymentMethod, card: '' });
    expect(paid.status).toBe(303);
    const done = await world.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const intent = done.payment_intent as Stripe.PaymentIntent;
    expect({ status: done.status, paid: done.payment_status, intent: intent.id, state: intent.status }).toEqual({
      status: 'complete',
      paid: 'paid',
      intent: failedIntent.id,
      state: 'succeeded',
    });
    expect(intent.payment_method).toBe(paymentMethod);
    // The declined card was not saved; the customer still has the one card.
    expect((await world.stripe.paymentMethods.list({ customer })).data.map((c) => c.id)).toEqual([paymentMethod]);
    const types = (await eventsAbout(session, intent.id)).map((e) => e.type);
    expect(types).toEqual([
      'payment_intent.created',
      'charge.failed',
      'payment_intent.payment_failed',
      'charge.succeeded',
      'payment_intent.succeeded',
      'checkout.session.completed',
    ]);
  });

  test('without setup_future_usage a new card pays but is not saved; a card that asks for authentication pays on the page', async () => {
    const customer = await world.stripe.customers.create({ email: 'once@example.test' });
    const session = await creditsSession(customer.id, { payment_intent_data: { metadata: { accountId: 'acct_9' } } });
    expect((await pay(session.url!, { card: '4000002760003184' })).status).toBe(303);
    const done = await world.stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect((done.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');
    expect((await world.stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  });

  test('the emulator control completes a payment-mode session as the page does', async () => {
    const customer = await world.stripe.customers.create({ email: 'control@example.test' });
    const session = await creditsSession(customer.id);
    await world.emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card: '4242424242424242' });
    expect((await world.stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid');
  });

  test('bad sessions are 400s naming the parameter', async () => {
    const customer = await world.stripe.customers.create({ email: 'bad@example.test' });
    const noItems = await errorOf(creditsSession(customer.id, { line_items: undefined }));
    expect({ status: noItems?.statusCode, code: noItems?.code, param: noItems?.param }).toEqual({
      status: 400,
      code: 'parameter_missing',
      param: 'line_items',
    });
    const small = await errorOf(
      creditsSession(customer.id, {
        line_items: [{ price_data: { currency: 'usd', unit_amount: 49, product_data: { name: 'x' } }, quantity: 1 }],
      }),
    );
    expect({ status: small?.statusCode, code: small?.code }).toEqual({ status: 400, code: 'amount_too_small' });
    const noQuantity = await errorOf(
      creditsSession(customer.id, {
        line_items: [{ price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'x' } } }],
      }),
    );
    expect({ status: noQuantity?.statusCode, param: noQuantity?.param }).toEqual({
      status: 400,
      param: 'line_items[0][quantity]',
    });
    const unknown = await errorOf(
      creditsSession(customer.id, {
        line_items: [
          {
            price_data: { currency: 'usd', unit_amount: 500, product_data: { name: 'x' }, colour: 'blue' },
            quantity: 1,
          } as Stripe.Checkout.SessionCreateParams.LineItem,
        ],
      }),
    );
    expect({ code: unknown?.code, param: unknown?.param }).toEqual({
      code: 'parameter_unknown',
      param: 'line_items[0][price_data][colour]',
    });
    const setupWithPayment = await errorOf(
      world.stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        currency: 'usd',
        success_url: 'http://console.test/ok',
        payment_intent_data: { setup_future_usage: 'off_session' },
      }),
    );
    expect({ status: setupWithPayment?.statusCode, param: setupWithPayment?.param }).toEqual({
      status: 400,
      param: 'payment_intent_data',
    });
  });
});

describe('Refunds', () => {
  async function paidIntent(amount = 2000) {
    const { customer, paymentMethod } = await customerWithCard('4242424242424242');
    return world.stripe.paymentIntents.create(offSession(customer, paymentMethod, { amount }));
  }

  test('a full refund of a PaymentIntent: the refund succeeds, the charge is refunded, refund.created and charge.refunded are sent', async () => {
    const intent = await paidIntent();
    const refund = await world.stripe.refunds.create({
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { accountId: 'acct_1' },
    });
    expect({
      object: refund.object,
      status: refund.status,
      amount: refund.amount,
      charge: refund.charge,
      payment_intent: refund.payment_intent,
      reason: refund.reason,
      metadata: refund.metadata,
    }).toEqual({
      object: 'refund',
      status: 'succeeded',
      amount: 2000,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      reason: 'requested_by_customer',
      metadata: { accountId: 'acct_1' },
    });
    const charge = await world.stripe.charges.retrieve(intent.latest_charge as string);
    expect({ amount_refunded: charge.amount_refunded, refunded: charge.refunded }).toEqual({
      amount_refunded: 2000,
      refunded: true,
    });
    expect((await world.stripe.refunds.retrieve(refund.id)).id).toBe(refund.id);
    const events = (await eventsOf(intent.id)).filter(
      (e) => e.type === 'refund.created' || e.type === 'charge.refunded',
    );
    expect(events.map((e) => e.type)).toEqual(['refund.created', 'charge.refunded']);
    expect((events[1]!.data.object as Stripe.Charge).amount_refunded).toBe(2000);
    const again = await errorOf(world.stripe.refunds.create({ payment_intent: intent.id }));
    expect({ status: again?.statusCode, code: again?.code }).toEqual({ status: 400, code: 'charge_already_refunded' });
  });

  test('partial refunds by charge add up until the charge is refunded in full; more than is left is amount_too_large', async () => {
    const intent = await paidIntent(3000);
    const charge = intent.latest_charge as string;
    const first = await world.stripe.refunds.create({ charge, amount: 1000 });
    expect((await world.stripe.charges.retrieve(charge)).amount_refunded).toBe(1000);
    expect((await world.stripe.charges.retrieve(charge)).refunded).toBe(false);
    const tooMuch = await errorOf(world.stripe.refunds.create({ charge, amount: 2500 }));
    expect({ status: tooMuch?.statusCode, code: tooMuch?.code, param: tooMuch?.param }).toEqual({
      status: 400,
      code: 'amount_too_large',
      param: 'amount',
    });
    const rest = await world.stripe.refunds.create({ charge, amount: 2000 });
    const after = await world.stripe.charges.retrieve(charge);
    expect({ amount_refunded: after.amount_refunded, refunded: after.refunded }).toEqual({
      amount_refunded: 3000,
      refunded: true,
    });
    const listed = await world.stripe.refunds.list({ payment_intent: intent.id });
    expect(listed.data.map((r) => [r.id, r.amount])).toEqual([
      [rest.id, 2000],
      [first.id, 1000],
    ]);
    expect((await world.stripe.refunds.list({ charge, limit: 1 })).has_more).toBe(true);
    const refunded = (await eventsOf(intent.id)).filter((e) => e.type === 'charge.refunded');
    expect(refunded.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([1000, 3000]);
  });

  test('a PaymentIntent that did not succeed has nothing to refund; neither charge nor payment_intent is a 400', async () => {
    const { customer, paymentMethod } = await customerWithCard('4000000000000341');
    const declined = await errorOf(world.stripe.paymentIntents.create(offSession(customer, paymentMethod)));
    const refund = await errorOf(world.stripe.refunds.create({ payment_intent: declined!.payment_intent!.id }));
    expect({ status: refund?.statusCode, param: refund?.param }).toEqual({ status: 400, param: 'payment_intent' });
    const neither = await errorOf(world.stripe.refunds.create({}));
    expect({ status: neither?.statusCode, code: neither?.code }).toEqual({ status: 400, code: 'parameter_missing' });
  });
});
