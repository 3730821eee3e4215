// The Stripe emulator is as strict as Stripe where leniency would hide a billing bug (an invoice
// paid twice, a block never lifted): each such behaviour as Stripe documents it, through the real
// stripe SDK.
import Stripe from 'stripe';
import { beforeAll, describe, expect, test } from 'vitest';
import { errorOf, type EmulatorWorld, emulatorStarter } from './emulator-with';

const emulatorWith = emulatorStarter('whsec_contract');

let main: EmulatorWorld;
beforeAll(async () => {
  main = await emulatorWith();
});

async function customerWithCard(world: EmulatorWorld, card: string) {
  const customer = await world.stripe.customers.create({ email: 'contract@example.test' });
  const session = await world.stripe.checkout.sessions.create({
    mode: 'setup',
    customer: customer.id,
    currency: 'usd',
    success_url: 'http://console.test/ok',
  });
  await world.emulator.control(`/_sandbox/checkout/${session.id}/complete`, { card });
  const intent = (await world.stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] }))
    .setup_intent as Stripe.SetupIntent;
  await world.stripe.customers.update(customer.id, {
    invoice_settings: { default_payment_method: intent.payment_method as string },
  });
  return customer.id;
}

async function openInvoice(
  world: { stripe: Stripe },
  customer: string,
  cents = 700,
  params: Partial<Stripe.InvoiceCreateParams> = {},
) {
  const invoice = await world.stripe.invoices.create({ customer, auto_advance: false, ...params });
  await world.stripe.invoiceItems.create({
    customer,
    invoice: invoice.id,
    amount: cents,
    currency: 'usd',
    description: 'API calls',
  });
  return world.stripe.invoices.finalizeInvoice(invoice.id!);
}

describe('the Stripe emulator, as strict as Stripe', () => {
  test('an uncollectible invoice can be paid', async () => {
    const customer = await customerWithCard(main, '4242424242424242');
    const invoice = await openInvoice(main, customer);
    expect((await main.stripe.invoices.markUncollectible(invoice.id!)).status).toBe('uncollectible');
    const paid = await main.stripe.invoices.pay(invoice.id!);
    expect({ status: paid.status, amount_paid: paid.amount_paid, amount_remaining: paid.amount_remaining }).toEqual({
      status: 'paid',
      amount_paid: 700,
      amount_remaining: 0,
    });
  });

  test('attempt_count counts the first attempt; later manual attempts leave it at 1', async () => {
    const customer = await customerWithCard(main, '4000000000000341');
    const invoice = await openInvoice(main, customer);
    expect({ attempt_count: invoice.attempt_count, attempted: invoice.attempted }).toEqual({
      attempt_count: 0,
      attempted: false,
    });
    for (let i = 0; i < 3; i++)
      expect(await errorOf(main.stripe.invoices.pay(invoice.id!))).toBeInstanceOf(Stripe.errors.StripeCardError);
    const after = await main.stripe.invoices.retrieve(invoice.id!);
    expect({ attempt_count: after.attempt_count, attempted: after.attempted, status: after.status }).toEqual({
      attempt_count: 1,
      attempted: true,
      status: 'open',
    });
  });

  test('paying an invoice that is already paid answers a plain invalid_request_error, as real Stripe does', async () => {
    const customer = await customerWithCard(main, '4242424242424242');
    const invoice = await openInvoice(main, customer);
    await main.stripe.invoices.pay(invoice.id!);
    const error = await errorOf(main.stripe.invoices.pay(invoice.id!));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect({ status: error!.statusCode, type: error!.rawType, code: error!.code, message: error!.message }).toEqual({
      status: 400,
      type: 'invalid_request_error',
      code: undefined,
      message: 'Invoice is already paid',
    });
  });

  test('an idempotency key is remembered for the configured time, and reused with other parameters is an idempotency_error', async () => {
    const world = await emulatorWith({ idempotencyTtlSeconds: 3600 });
    const key = `contract-${Date.now()}`;
    const first = await world.stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key });
    expect((await world.stripe.customers.create({ email: 'a@example.test' }, { idempotencyKey: key })).id).toBe(
      first.id,
    );
    const mismatch = await errorOf(world.stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: key }));
    expect(mismatch).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(mismatch!.rawType).toBe('idempotency_error');
    await world.emulator.control('/_sandbox/clock/advance', { seconds: '3601' });
    const later = await world.stripe.customers.create({ email: 'b@example.test' }, { idempotencyKey: key });
    expect(later.id).not.toBe(first.id);
  });

  test('idempotency keys expire after 24 hours by default', async () => {
    const world = await emulatorWith();
    const key = `contract-day-${Date.now()}`;
    const first = await world.stripe.customers.create({ email: 'day@example.test' }, { idempotencyKey: key });
    await world.emulator.control('/_sandbox/clock/advance', { seconds: String(24 * 3600 - 60) });
    expect((await world.stripe.customers.create({ email: 'day@example.test' }, { idempotencyKey: key })).id).toBe(
      first.id,
    );
    await world.emulator.control('/_sandbox/clock/advance', { seconds: '120' });
    expect((await world.stripe.customers.create({ email: 'day@example.test' }, { idempotencyKey: key })).id).not.toBe(
      first.id,
    );
  });

  test('a deleted customer is retrieved as {id, object, deleted: true}, and cannot be updated', async () => {
    const customer = await main.stripe.customers.create({ email: 'gone@example.test' });
    await main.stripe.customers.del(customer.id);
    expect(await main.stripe.customers.retrieve(customer.id)).toMatchObject({
      id: customer.id,
      object: 'customer',
      deleted: true,
    });
    const raw = await fetch(`${main.emulator.url}/v1/customers/${customer.id}`, {
      headers: { authorization: `Bearer ${main.emulator.secretKey}` },
    });
    expect(await raw.json()).toEqual({ id: customer.id, object: 'customer', deleted: true });
    const update = await errorOf(main.stripe.customers.update(customer.id, { name: 'x' }));
    expect({ status: update!.statusCode, code: update!.code }).toEqual({ status: 404, code: 'resource_missing' });
  });

  test('an unknown parameter is a 400 parameter_unknown, as Stripe sends it', async () => {
    const unknown = await errorOf(
      main.stripe.customers.create({ email: 'x@example.test', colour: 'blue' } as Stripe.CustomerCreateParams),
    );
    expect({
      status: unknown!.statusCode,
      code: unknown!.code,
      param: unknown!.param,
      message: unknown!.message,
    }).toEqual({
      status: 400,
      code: 'parameter_unknown',
      param: 'colour',
      message: 'Received unknown parameter: colour',
    });
    const customer = await main.stripe.customers.create({ email: 'nested@example.test' });
    const nested = await errorOf(
      main.stripe.customers.update(customer.id, { invoice_settings: { shade: 'x' } } as Stripe.CustomerUpdateParams),
    );
    expect({ code: nested!.code, param: nested!.param }).toEqual({
      code: 'parameter_unknown',
      param: 'invoice_settings[shade]',
    });
    const query = await fetch(`${main.emulator.url}/v1/invoices?customer=${customer.id}&colour=blue`, {
      headers: { authorization: `Bearer ${main.emulator.secretKey}` },
    });
    expect({ status: query.status, body: await query.json() }).toMatchObject({
      status: 400,
      body: { error: { code: 'parameter_unknown', param: 'colour' } },
    });
    const badEnum = await errorOf(
      main.stripe.invoices.create({ customer: customer.id, collection_method: 'by_pigeon' as 'send_invoice' }),
    );
    expect({ status: badEnum!.statusCode, param: badEnum!.param }).toEqual({ status: 400, param: 'collection_method' });
  });
});

describe('collection_method send_invoice, due dates and invoice.overdue', () => {
  test('days_until_due sets the due date, /send announces invoice.sent, and passing the due date announces invoice.overdue once', async () => {
    const world = await emulatorWith();
    const customer = await world.stripe.customers.create({ email: 'invoiced@example.test' });
    const draft = await world.stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      auto_advance: false,
    });
    expect({ method: draft.collection_method, due: draft.due_date! - draft.created }).toEqual({
      method: 'send_invoice',
      due: 30 * 86_400,
    });
    await world.stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 1200, currency: 'usd' });
    const sent = await world.stripe.invoices.sendInvoice(draft.id!);
    expect({ status: sent.status, hosted: sent.hosted_invoice_url?.startsWith(world.emulator.pagesUrl) }).toEqual({
      status: 'open',
      hosted: true,
    });
    const count = async (type: string) =>
      (await world.stripe.events.list({ type, limit: 100 })).data.filter(
        (e) => (e.data.object as { id?: string }).id === draft.id,
      ).length;
    expect(await count('invoice.sent')).toBe(1);
    // Another emulator on the same database (another test file) moving its clock leaves this invoice alone.
    const neighbour = await emulatorWith();
    await neighbour.emulator.control('/_sandbox/clock/advance', { seconds: String(40 * 86_400) });
    expect(await count('invoice.overdue')).toBe(0);
    await world.emulator.control('/_sandbox/clock/advance', { seconds: String(29 * 86_400) });
    expect(await count('invoice.overdue')).toBe(0);
    await world.emulator.control('/_sandbox/clock/advance', { seconds: String(2 * 86_400) });
    await world.emulator.control('/_sandbox/clock/advance', { seconds: String(86_400) });
    expect(await count('invoice.overdue')).toBe(1);
  });

  test('due_date and days_until_due belong to send_invoice: refused with charge_automatically, one required with send_invoice', async () => {
    const customer = await main.stripe.customers.create({ email: 'rules@example.test' });
    const withDays = await errorOf(main.stripe.invoices.create({ customer: customer.id, days_until_due: 30 }));
    expect({ status: withDays!.statusCode, param: withDays!.param }).toEqual({ status: 400, param: 'days_until_due' });
    const without = await errorOf(
      main.stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice' }),
    );
    expect({ status: without!.statusCode, code: without!.code }).toEqual({ status: 400, code: 'parameter_missing' });
    const due = Math.floor(Date.now() / 1000) + 7 * 86_400;
    expect(
      (await main.stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice', due_date: due }))
        .due_date,
    ).toBe(due);
    const automatic = await main.stripe.invoices.create({ customer: customer.id });
    expect(automatic.due_date).toBeNull();
    expect((await errorOf(main.stripe.invoices.sendInvoice(automatic.id!)))!.statusCode).toBe(400);
  });
});

describe('nested expand', () => {
  test('payments.data.payment.payment_intent(.latest_charge) and invoice_settings.default_payment_method expand; payments is left out unless asked for; a wrong path is a 400', async () => {
    const customer = await customerWithCard(main, '4242424242424242');
    const invoice = await openInvoice(main, customer);
    await main.stripe.invoices.pay(invoice.id!);
    const plain = await main.stripe.invoices.retrieve(invoice.id!);
    expect(plain).not.toHaveProperty('payments');
    const listed = await main.stripe.invoices.retrieve(invoice.id!, { expand: ['payments'] });
    expect(typeof listed.payments!.data[0]!.payment.payment_intent).toBe('string');
    const deep = await main.stripe.invoices.retrieve(invoice.id!, { expand: ['payments.data.payment.payment_intent'] });
    const intent = deep.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent;
    expect({ object: intent.object, status: intent.status }).toEqual({ object: 'payment_intent', status: 'succeeded' });
    const charged = await main.stripe.invoices.retrieve(invoice.id!, {
      expand: ['payments.data.payment.payment_intent.latest_charge'],
    });
    expect(
      ((charged.payments!.data[0]!.payment.payment_intent as Stripe.PaymentIntent).latest_charge as Stripe.Charge)
        .object,
    ).toBe('charge');
    const withCard = await main.stripe.customers.retrieve(customer, {
      expand: ['invoice_settings.default_payment_method'],
    });
    expect(
      ((withCard as Stripe.Customer).invoice_settings.default_payment_method as Stripe.PaymentMethod).card?.last4,
    ).toBe('4242');
    const list = await main.stripe.invoices.list({ customer, expand: ['data.payments'] });
    expect(list.data[0]!.payments!.object).toBe('list');
    const wrong = await errorOf(main.stripe.invoices.retrieve(invoice.id!, { expand: ['payments.data.nothing'] }));
    expect({ status: wrong!.statusCode, message: wrong!.message }).toEqual({
      status: 400,
      message: 'This property cannot be expanded (payments.data.nothing).',
    });
  });
});

describe('concurrency', () => {
  test('requests run concurrently, and a second change to a contended invoice answers 429 lock_timeout', async () => {
    let release!: () => void;
    let entered!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const inside = new Promise<void>((resolve) => (entered = resolve));
    let hold = false;
    const world = await emulatorWith({
      lockTimeoutMs: 100,
      whileLocked: async (operation) => {
        if (!hold || operation !== 'PostInvoicesInvoicePay') return;
        hold = false;
        entered();
        await held;
      },
    });
    const customer = await customerWithCard(world, '4242424242424242');
    const invoice = await openInvoice(world, customer);
    hold = true;
    const first = world.stripe.invoices.pay(invoice.id!);
    await inside;
    // While the first payment holds the invoice: reads and other objects are served...
    expect((await world.stripe.invoices.retrieve(invoice.id!)).status).toBe('open');
    expect((await world.stripe.customers.create({ email: 'other@example.test' })).object).toBe('customer');
    // ...and a second payment of the same invoice times out on its lock, as Stripe's does.
    const second = await errorOf(world.stripe.invoices.pay(invoice.id!));
    expect(second).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
    expect({ status: second!.statusCode, type: second!.rawType, code: second!.code }).toEqual({
      status: 429,
      type: 'invalid_request_error',
      code: 'lock_timeout',
    });
    release();
    expect((await first).status).toBe('paid');
  });
});

describe('webhook retries', () => {
  test('each event retries on its own schedule over hours, without holding back the events after it', async () => {
    const http = await import('node:http');
    const attempts = new Map<string, number>();
    const delivered: string[] = [];
    let refuse = true;
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (c) => (body += c));
      request.on('end', () => {
        const event = JSON.parse(body) as { type: string };
        attempts.set(event.type, (attempts.get(event.type) ?? 0) + 1);
        if (refuse && event.type === 'customer.created') return void response.writeHead(500).end();
        delivered.push(event.type);
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const world = await emulatorWith({
        webhookUrl: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/`,
      });
      const customer = await world.stripe.customers.create({ email: 'hooks@example.test' });
      await world.stripe.customers.update(customer.id, { name: 'Later event' });
      await world.emulator.control('/_sandbox/clock/advance', { seconds: '0' });
      // The refused event did not hold back the one after it.
      expect({ delivered, created: attempts.get('customer.created') }).toEqual({
        delivered: ['customer.updated'],
        created: 1,
      });
      // First retry after 5 minutes, the next after an hour.
      await world.emulator.control('/_sandbox/clock/advance', { seconds: '240' });
      expect(attempts.get('customer.created')).toBe(1);
      await world.emulator.control('/_sandbox/clock/advance', { seconds: '61' });
      expect(attempts.get('customer.created')).toBe(2);
      refuse = false;
      await world.emulator.control('/_sandbox/clock/advance', { seconds: '1800' });
      expect(attempts.get('customer.created')).toBe(2);
      await world.emulator.control('/_sandbox/clock/advance', { seconds: '1801' });
      expect({
        delivered,
        created: attempts.get('customer.created'),
        updated: attempts.get('customer.updated'),
      }).toEqual({
        delivered: ['customer.updated', 'customer.created'],
        created: 3,
        updated: 1,
      });
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  });
});
