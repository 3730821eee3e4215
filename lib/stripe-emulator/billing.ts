// The emulator's Stripe objects and what happens to them: customers, Checkout in setup and payment
// mode, payment methods, the portal, disputes (invoices are in invoices.ts, PaymentIntents,
// charges and refunds in payments.ts). Every change that Stripe announces by webhook emits the
// same event type here (events.ts).
import { cardBehaviour, cardDetails, type CardBehaviour } from './cards';
import type { EmulatorClock } from './clock';
import { invalidRequest, missing } from './errors';
import type { Events } from './events';
import { MINIMUM_CHARGE_CENTS, paymentIntentObject, EmulatorPayments } from './payments';
import { type FormValue, record, str } from './form';
import { newId, type EmulatorStore, type StripeObject } from './store';

export type Obj = StripeObject;

export class EmulatorBilling {
  /** PaymentIntents, charges and refunds (payments.ts). */
  readonly payments: EmulatorPayments = new EmulatorPayments(this);

  constructor(
    readonly store: EmulatorStore,
    readonly events: Events,
    readonly clock: EmulatorClock,
    /** The hosted pages' address as browsers reach it (Checkout, portal, invoice links). */
    readonly pagesUrl: string,
    /** The account the secret key belongs to: emulators sharing a database (tests) keep to their own invoices. */
    readonly account: string,
  ) {}

  /** An object of the type; a deleted customer counts as missing (retrieve answers it with `deleted: true`). */
  async require(id: string, type: string): Promise<Obj> {
    const found = await this.store.get(id);
    if (!found || found.object !== type || (type === 'customer' && found.deleted)) throw missing(type, id);
    return found;
  }

  /** GET /v1/customers/{id}: a deleted customer is answered as Stripe does, `{id, object, deleted: true}`. */
  async retrieveCustomer(id: string): Promise<Obj> {
    const found = await this.store.get(id);
    if (found?.object !== 'customer') throw missing('customer', id);
    if (found.deleted) return { id, object: 'customer', deleted: true } as unknown as Obj;
    return found;
  }

  async update(object: Obj, changes: Record<string, unknown>, eventType?: string): Promise<Obj> {
    const previous = Object.fromEntries(Object.keys(changes).map((k) => [k, object[k]]));
    const next = await this.store.put({ ...object, ...changes });
    if (eventType) await this.events.emit(eventType, next, previous);
    return next;
  }

  // Customers

  async createCustomer(params: { email?: string; name?: string; metadata: Record<string, string> }): Promise<Obj> {
    const customer = await this.store.put({
      id: newId('cus'),
      object: 'customer',
      created: this.clock.now(),
      livemode: false,
      email: params.email ?? null,
      name: params.name ?? null,
      metadata: params.metadata,
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      balance: 0,
      currency: null,
      address: null,
      default_source: null,
      delinquent: false,
      description: null,
      discount: null,
      invoice_prefix: null,
      next_invoice_sequence: 1,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    });
    await this.events.emit('customer.created', customer);
    return customer;
  }

  async deleteCustomer(id: string): Promise<Obj> {
    const customer = await this.require(id, 'customer');
    await this.store.put({ ...customer, deleted: true });
    await this.events.emit('customer.deleted', customer);
    return { id, object: 'customer', deleted: true } as unknown as Obj;
  }

  // Checkout: setup mode saves a card; payment mode charges one (and saves it when asked)

  async createCheckoutSession(params: {
    customer: string;
    success_url: string;
    cancel_url?: string;
    metadata: Record<string, string>;
    mode: string;
    currency?: string;
    client_reference_id?: string;
    line_items?: FormValue;
    payment_intent_data?: Record<string, FormValue>;
  }): Promise<Obj> {
    if (params.mode !== 'setup' && params.mode !== 'payment')
      throw invalidRequest('The emulator supports mode=setup and mode=payment only.', 'mode');
    await this.require(params.customer, 'customer');
    const id = newId('cs_test');
    const common = {
      id,
      object: 'checkout.session',
      created: this.clock.now(),
      livemode: false,
      status: 'open',
      customer: params.customer,
      client_reference_id: params.client_reference_id ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${this.pagesUrl}/checkout/${id}`,
      metadata: params.metadata,
      expires_at: this.clock.now() + 86_400,
      ui_mode: 'hosted_page',
      payment_method_types: ['card'],
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      shipping_options: [],
    };
    if (params.mode === 'payment') {
      const items = lineItems(params.line_items);
      const currency = items[0]!.currency;
      const total = items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
      if (currency === 'usd' && total < MINIMUM_CHARGE_CENTS)
        throw invalidRequest(
          "The Checkout Session's total amount due must add up to at least $0.50 usd",
          'line_items',
          'amount_too_small',
        );
      const intentData = params.payment_intent_data ?? {};
      return this.store.put({
        ...common,
        mode: 'payment',
        setup_intent: null,
        payment_intent: null,
        currency,
        amount_subtotal: total,
        amount_total: total,
        payment_status: 'unpaid',
        sandbox_line_items: items,
        sandbox_payment_intent_data: {
          metadata: record(intentData, 'metadata'),
          description: str(intentData, 'description') ?? null,
          setup_future_usage: str(intentData, 'setup_future_usage') ?? null,
          receipt_email: str(intentData, 'receipt_email') ?? null,
        },
      });
    }
    if (params.line_items !== undefined)
      throw invalidRequest('You can only pass line_items in payment or subscription mode.', 'line_items');
    if (params.payment_intent_data !== undefined)
      throw invalidRequest('You can only pass payment_intent_data in payment mode.', 'payment_intent_data');
    const setupIntent = await this.store.put({
      id: newId('seti'),
      object: 'setup_intent',
      created: this.clock.now(),
      livemode: false,
      customer: params.customer,
      status: 'requires_payment_method',
      payment_method: null,
      usage: 'off_session',
      metadata: params.metadata,
      payment_method_types: ['card'],
    });
    return this.store.put({
      ...common,
      mode: 'setup',
      setup_intent: setupIntent.id,
      payment_intent: null,
      currency: params.currency ?? null,
      amount_subtotal: null,
      amount_total: null,
      payment_status: 'no_payment_required',
    });
  }

  /**
   * The Checkout page's submit. Setup mode ("Save card"): declines 4000 0000 0000 0002, saves any
   * other test card. Payment mode ("Pay"): charges a new test card or one of the customer's saved
   * cards; a decline leaves the session open with the reason to show.
   */
  async completeCheckout(
    sessionId: string,
    cardNumber: string,
    savedPaymentMethod?: string,
  ): Promise<{ session: Obj } | { declined: string }> {
    const session = await this.require(sessionId, 'checkout.session');
    if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer open.', 'session');
    if (session.mode === 'payment') return this.payCheckout(session, cardNumber, savedPaymentMethod);
    const behaviour = cardBehaviour(cardNumber);
    if (!behaviour) return { declined: 'Your card number is not one of the emulator test cards.' };
    if (behaviour === 'setup_declined') return { declined: 'Your card was declined.' };
    const paymentMethod = await this.attachCard(session.customer as string, cardNumber, behaviour);
    const intent = await this.require(session.setup_intent as string, 'setup_intent');
    await this.update(intent, { status: 'succeeded', payment_method: paymentMethod.id }, 'setup_intent.succeeded');
    const completed = await this.update(session, { status: 'complete' }, 'checkout.session.completed');
    return { session: completed };
  }

  /**
   * Payment mode: the session's PaymentIntent (made at the first attempt, as Checkout makes it when
   * the customer confirms) is charged on the page, where the customer is there to authenticate.
   */
  private async payCheckout(
    session: Obj,
    cardNumber: string,
    savedPaymentMethod?: string,
  ): Promise<{ session: Obj } | { declined: string }> {
    const customer = session.customer as string;
    let method: Obj;
    if (savedPaymentMethod && savedPaymentMethod !== 'new') {
      const saved = await this.store.get(savedPaymentMethod);
      if (saved?.object !== 'payment_method' || saved.customer !== customer)
        return { declined: 'That card is not on file.' };
      method = saved;
    } else {
      const behaviour = cardBehaviour(cardNumber);
      if (!behaviour) return { declined: 'Your card number is not one of the emulator test cards.' };
      method = await this.createCard(null, cardNumber, behaviour);
    }
    const intentData = session.sandbox_payment_intent_data as {
      metadata: Record<string, string>;
      description: string | null;
      setup_future_usage: string | null;
      receipt_email: string | null;
    };
    let intent = session.payment_intent ? await this.require(session.payment_intent as string, 'payment_intent') : null;
    if (!intent) {
      intent = await this.store.put(
        paymentIntentObject({
          now: this.clock.now(),
          amount: Number(session.amount_total),
          currency: String(session.currency),
          customer,
          paymentMethod: null,
          description: intentData.description,
          metadata: intentData.metadata,
          setupFutureUsage: intentData.setup_future_usage,
          receiptEmail: intentData.receipt_email,
          account: this.account,
        }),
      );
      await this.events.emit('payment_intent.created', intent);
      session = await this.store.put({ ...session, payment_intent: intent.id });
    }
    const attempt = await this.payments.attempt(intent, method, 'hosted_page');
    if (attempt.outcome === 'declined') return { declined: attempt.decline.message };
    if (attempt.outcome === 'requires_action') return { declined: 'Your card needs authentication.' };
    const completed = await this.update(
      session,
      { status: 'complete', payment_status: 'paid' },
      'checkout.session.completed',
    );
    return { session: completed };
  }

  /** A new card attached to the customer (`payment_method.attached`). */
  async attachCard(customer: string, cardNumber: string, behaviour: CardBehaviour): Promise<Obj> {
    return this.attach(await this.createCard(null, cardNumber, behaviour), customer);
  }

  /** A new card PaymentMethod, attached to no one unless `customer` is given (then without an event). */
  createCard(customer: string | null, cardNumber: string, behaviour: CardBehaviour): Promise<Obj> {
    return this.store.put({
      id: newId('pm'),
      object: 'payment_method',
      created: this.clock.now(),
      livemode: false,
      type: 'card',
      customer,
      card: cardDetails(cardNumber),
      billing_details: { email: null, name: null },
      metadata: {},
      sandbox_behaviour: behaviour,
    });
  }

  /** Attaches a PaymentMethod to a customer (`payment_method.attached`). */
  async attach(method: Obj, customer: string): Promise<Obj> {
    const attached = await this.store.put({ ...method, customer });
    await this.events.emit('payment_method.attached', attached);
    return attached;
  }

  async detachPaymentMethod(id: string): Promise<Obj> {
    const paymentMethod = await this.require(id, 'payment_method');
    const customerId = paymentMethod.customer as string | null;
    const detached = await this.update(paymentMethod, { customer: null }, 'payment_method.detached');
    if (customerId) {
      const customer = await this.store.get(customerId);
      const settings = customer?.invoice_settings as { default_payment_method: string | null } | undefined;
      if (customer && settings?.default_payment_method === id) {
        await this.update(
          customer,
          { invoice_settings: { ...settings, default_payment_method: null } },
          'customer.updated',
        );
      }
    }
    return detached;
  }

  createPortalSession(customer: string, returnUrl: string | null): Promise<Obj> {
    const id = newId('bps');
    return this.store.put({
      id,
      object: 'billing_portal.session',
      created: this.clock.now(),
      livemode: false,
      customer,
      return_url: returnUrl,
      url: `${this.pagesUrl}/portal/${id}`,
    });
  }

  async setDefaultPaymentMethod(customerId: string, methodId: string): Promise<Obj> {
    const customer = await this.require(customerId, 'customer');
    return this.update(
      customer,
      { invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: methodId } },
      'customer.updated',
    );
  }

  // Disputes (emulator controls: a real customer's bank opens them)

  async openDispute(chargeId: string): Promise<Obj> {
    const charge = await this.require(chargeId, 'charge');
    await this.update(charge, { disputed: true });
    const dispute = await this.store.put({
      id: newId('du'),
      object: 'dispute',
      created: this.clock.now(),
      livemode: false,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      amount: charge.amount,
      currency: 'usd',
      status: 'needs_response',
      reason: 'fraudulent',
    });
    await this.events.emit('charge.dispute.created', dispute);
    return dispute;
  }

  async closeDispute(id: string, status: 'won' | 'lost'): Promise<Obj> {
    const dispute = await this.require(id, 'dispute');
    return this.update(dispute, { status }, 'charge.dispute.closed');
  }
}

/** A Checkout line item as the emulator keeps it: an ad-hoc price (`price_data`) and a quantity. */
interface LineItem {
  name: string;
  currency: string;
  unit_amount: number;
  quantity: number;
}

/** `line_items[i][price_data][…]` and `[quantity]`: required in payment mode, one currency, ad-hoc prices only. */
function lineItems(value: FormValue | undefined): LineItem[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidRequest('`line_items` is required in `payment` mode.', 'line_items', 'parameter_missing');
  const items = value.map((item, i) => {
    const name = `line_items[${i}]`;
    const fields = typeof item === 'object' && !Array.isArray(item) ? item : {};
    if (str(fields, 'price'))
      throw invalidRequest('The Stripe emulator has no Prices; pass price_data instead.', `${name}[price]`);
    const price = typeof fields.price_data === 'object' && !Array.isArray(fields.price_data) ? fields.price_data : null;
    if (!price)
      throw invalidRequest(
        `You must specify either \`price\` or \`price_data\` in ${name}.`,
        name,
        'parameter_missing',
      );
    const product =
      typeof price.product_data === 'object' && !Array.isArray(price.product_data) ? price.product_data : {};
    const unitAmount = str(price, 'unit_amount');
    if (unitAmount === undefined)
      throw invalidRequest(
        `Missing required param: ${name}[price_data][unit_amount].`,
        `${name}[price_data][unit_amount]`,
        'parameter_missing',
      );
    const quantity = str(fields, 'quantity');
    if (quantity === undefined)
      throw invalidRequest(
        `Quantity is required. Add \`quantity\` to \`${name}\``,
        `${name}[quantity]`,
        'parameter_missing',
      );
    if (Number(quantity) < 1) throw invalidRequest('Quantity must be at least 1.', `${name}[quantity]`);
    if (Number(unitAmount) < 0)
      throw invalidRequest('unit_amount must be 0 or more.', `${name}[price_data][unit_amount]`);
    return {
      name: str(product, 'name') ?? '',
      currency: (str(price, 'currency') ?? '').toLowerCase(),
      unit_amount: Number(unitAmount),
      quantity: Number(quantity),
    };
  });
  if (items.some((item) => item.currency !== items[0]!.currency))
    throw invalidRequest('All line items must use the same currency.', 'line_items');
  return items;
}
