// The sandbox's Stripe objects and what happens to them: customers, Checkout in setup mode,
// payment methods, the portal, disputes (invoices are in invoices.ts). Every change that Stripe
// announces by webhook emits the same event type here (events.ts).
import { cardBehaviour, cardDetails, type CardBehaviour } from './cards';
import type { SandboxClock } from './clock';
import { invalidRequest, missing } from './errors';
import type { Events } from './events';
import { SandboxPayments } from './payments';
import { newId, type SandboxStore, type StripeObject } from './store';

export type Obj = StripeObject;

export class SandboxBilling {
  /** PaymentIntents, charges and refunds (payments.ts). */
  readonly payments: SandboxPayments = new SandboxPayments(this);

  constructor(
    readonly store: SandboxStore,
    readonly events: Events,
    readonly clock: SandboxClock,
    /** The hosted pages' address as browsers reach it (Checkout, portal, invoice links). */
    readonly pagesUrl: string,
    /** The account the secret key belongs to: sandboxes sharing a database (tests) keep to their own invoices. */
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

  // Checkout in setup mode and the cards it saves

  async createCheckoutSession(params: {
    customer: string;
    success_url: string;
    cancel_url?: string;
    metadata: Record<string, string>;
    mode: string;
    currency?: string;
  }): Promise<Obj> {
    if (params.mode !== 'setup') throw invalidRequest('The sandbox supports mode=setup only.', 'mode');
    await this.require(params.customer, 'customer');
    const id = newId('cs_test');
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
      id,
      object: 'checkout.session',
      created: this.clock.now(),
      livemode: false,
      mode: 'setup',
      status: 'open',
      customer: params.customer,
      setup_intent: setupIntent.id,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${this.pagesUrl}/checkout/${id}`,
      metadata: params.metadata,
      currency: params.currency ?? null,
      payment_status: 'no_payment_required',
    });
  }

  /** The checkout page's "Save card": declines 4000 0000 0000 0002, saves any other test card. */
  async completeCheckout(sessionId: string, cardNumber: string): Promise<{ session: Obj } | { declined: string }> {
    const session = await this.require(sessionId, 'checkout.session');
    if (session.status !== 'open') throw invalidRequest('This Checkout Session is no longer open.', 'session');
    const behaviour = cardBehaviour(cardNumber);
    if (!behaviour) return { declined: 'Your card number is not one of the sandbox test cards.' };
    if (behaviour === 'setup_declined') return { declined: 'Your card was declined.' };
    const paymentMethod = await this.attachCard(session.customer as string, cardNumber, behaviour);
    const intent = await this.require(session.setup_intent as string, 'setup_intent');
    await this.update(intent, { status: 'succeeded', payment_method: paymentMethod.id }, 'setup_intent.succeeded');
    const completed = await this.update(session, { status: 'complete' }, 'checkout.session.completed');
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

  // Disputes (sandbox controls: a real customer's bank opens them)

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
