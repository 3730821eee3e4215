// The emulator's idempotency as Stripe documents it (5xx answers saved and
// replayed for 24 hours, a key still executing answered 409 idempotency_key_in_use, a validation
// failure not saved) and the test card that always requires authentication, through the real SDK.
import Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { errorOf, emulatorStarter } from './emulator-with';

const emulatorWith = emulatorStarter('whsec_idempotency');

describe('Idempotency-Key, as Stripe keeps it', () => {
  test('a 500 is saved under its key and replayed (Stripe-Should-Retry: false) until the key expires after 24 hours', async () => {
    const { emulator, stripe } = await emulatorWith();
    await emulator.control('/_sandbox/faults', { operation: 'PostCustomers', count: '1' });
    const key = `five-hundred-${Date.now()}`;
    const first = await errorOf(stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key }));
    expect({ error: first?.constructor, status: first?.statusCode, type: first?.rawType }).toEqual({
      error: Stripe.errors.StripeAPIError,
      status: 500,
      type: 'api_error',
    });
    expect(first?.headers?.['stripe-should-retry']).toBe('false');
    // The fault was used up: the same request under the same key still answers the saved 500...
    const again = await errorOf(stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key }));
    expect({ status: again?.statusCode, replayed: again?.headers?.['idempotent-replayed'] }).toEqual({
      status: 500,
      replayed: 'true',
    });
    // ...a new key runs it, and the old key runs again once a day has passed.
    expect((await stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: `${key}:2` })).id).toMatch(
      /^cus_/,
    );
    await emulator.clock.advance(86_400 + 1);
    expect((await stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key })).id).toMatch(/^cus_/);
  });

  test('a request whose key is still executing is answered 409 idempotency_key_in_use, and the first one completes', async () => {
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let hold = false;
    const { stripe } = await emulatorWith({
      whileLocked: async (operation) => {
        if (!hold || operation !== 'PostCustomersCustomer') return;
        hold = false;
        entered();
        await held;
      },
    });
    const customer = await stripe.customers.create({ email: 'b@example.test' });
    hold = true;
    const first = stripe.customers.update(customer.id, { name: 'First' }, { idempotencyKey: 'in-flight' });
    await inside;
    const second = await errorOf(
      stripe.customers.update(customer.id, { name: 'First' }, { idempotencyKey: 'in-flight' }),
    );
    expect({ status: second?.statusCode, type: second?.rawType, code: second?.code }).toEqual({
      status: 409,
      type: 'invalid_request_error',
      code: 'idempotency_key_in_use',
    });
    release();
    expect((await first).name).toBe('First');
    // The 409 saved nothing: the same request now replays the first one's answer.
    const replay = await stripe.customers.update(customer.id, { name: 'First' }, { idempotencyKey: 'in-flight' });
    expect(replay.lastResponse.headers['idempotent-replayed']).toBe('true');
  });

  test('a request refused by parameter validation saves nothing: the corrected request may use the same key', async () => {
    const { stripe } = await emulatorWith();
    const key = `validation-${Date.now()}`;
    const refused = await errorOf(
      stripe.customers.create({ email: 'c@example.test', nonsense: 'x' } as Stripe.CustomerCreateParams, {
        idempotencyKey: key,
      }),
    );
    expect(refused?.code).toBe('parameter_unknown');
    expect((await stripe.customers.create({ email: 'c@example.test' }, { idempotencyKey: key })).id).toMatch(/^cus_/);
  });
});

describe('4000 0027 6000 3184 (pm_card_authenticationRequired): authentication on every payment', () => {
  test('an off-session invoice payment fails with authentication_required, waits in requires_action and announces invoice.payment_action_required; on the hosted page it is paid', async () => {
    const { emulator, stripe } = await emulatorWith();
    const customer = await stripe.customers.create({ email: 'three-ds@example.test' });
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      success_url: 'http://console.test/ok',
    });
    await emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card: 'pm_card_authenticationRequired' });
    const method = (await stripe.paymentMethods.list({ customer: customer.id })).data[0]!;
    expect(method.card?.last4).toBe('3184');
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: method.id } });
    const draft = await stripe.invoices.create({ customer: customer.id, auto_advance: false });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 900, currency: 'usd' });
    await stripe.invoices.finalizeInvoice(draft.id!);

    const refused = await errorOf(stripe.invoices.pay(draft.id!));
    expect({
      error: refused?.constructor,
      status: refused?.statusCode,
      code: refused?.code,
      decline: refused?.decline_code,
    }).toEqual({
      error: Stripe.errors.StripeCardError,
      status: 402,
      code: 'authentication_required',
      decline: 'authentication_required',
    });
    const invoice = await stripe.invoices.retrieve(draft.id!, { expand: ['payments.data.payment.payment_intent'] });
    const intent = invoice.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect({ status: invoice.status, attempts: invoice.attempt_count, intent: intent.status }).toEqual({
      status: 'open',
      attempts: 1,
      intent: 'requires_action',
    });
    const announced = async (type: string) =>
      (await stripe.events.list({ type, limit: 10 })).data.some(
        (e) => (e.data.object as Stripe.Invoice).id === draft.id,
      );
    expect([await announced('invoice.payment_failed'), await announced('invoice.payment_action_required')]).toEqual([
      true,
      true,
    ]);

    // The customer, on the hosted invoice page, authenticates and pays.
    const page = await fetch(invoice.hosted_invoice_url!, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4000 0027 6000 3184' }),
    });
    expect(page.status).toBe(200);
    expect((await stripe.invoices.retrieve(draft.id!)).status).toBe('paid');
  });
});
