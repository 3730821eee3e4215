// PaymentIntents charged off-session as Stripe answers them (success, the decline's 402 with the
// PaymentIntent inside, authentication_required), Idempotency-Key replay of a charge, and the
// events, received by a real HTTP server and checked with the SDK's own constructEvent.
import http from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorOf, type SandboxWorld, sandboxStarter } from './sandbox-with';

const secret = 'whsec_payments_test';
const sandboxWith = sandboxStarter(secret);
let world: SandboxWorld;
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
  world = await sandboxWith({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` });
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
});

/** A customer with a card saved through Checkout in setup mode (and made the default). */
async function customerWithCard(card: string) {
  const { stripe, sandbox } = world;
  const customer = await stripe.customers.create({ email: 'credits@example.test' });
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://console.test/ok',
  });
  await sandbox.control(`/_sandbox/checkout/${session.id}/complete`, { card });
  const intent = (await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] }))
    .setup_intent as Stripe.SetupIntent;
  const paymentMethod = intent.payment_method as string;
  await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: paymentMethod } });
  return { customer: customer.id, paymentMethod };
}

/** The signed events delivered about a PaymentIntent (its own and its charges'), in order. */
async function eventsOf(intentId: string) {
  await world.sandbox.flushWebhooks();
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
