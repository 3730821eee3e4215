// The sandbox's Stripe objects and what happens to them: customers, Checkout in setup mode,
// payment methods, invoices and their items, charges, disputes. Every change that Stripe
// announces by webhook emits the same event type here (events.ts).
import { cardBehaviour, cardDetails, chargeDecline, type CardBehaviour } from './cards';
import { invalidRequest, missing, StripeApiError } from './errors';
import type { Events } from './events';
import { newId, now, type SandboxStore, type StripeObject } from './store';

export type Obj = StripeObject;

export class SandboxBilling {
  constructor(
    private readonly store: SandboxStore,
    private readonly events: Events,
    private readonly publicUrl: string,
  ) {}

  async require(id: string, type: string): Promise<Obj> {
    const found = await this.store.get(id);
    if (!found || found.object !== type || (type === 'customer' && found.deleted)) throw missing(type, id);
    return found;
  }

  async update(object: Obj, changes: Record<string, unknown>, eventType?: string): Promise<Obj> {
    const previous = Object.fromEntries(Object.keys(changes).map((k) => [k, object[k]]));
    const next = await this.store.put({ ...object, ...changes });
    if (eventType) await this.events.emit(eventType, next, previous);
    return next;
  }

  // Customers

  createCustomer(params: { email?: string; name?: string; metadata: Record<string, string> }): Promise<Obj> {
    return this.store.put({
      id: newId('cus'), object: 'customer', created: now(), livemode: false, email: params.email ?? null, name: params.name ?? null,
      metadata: params.metadata, invoice_settings: { default_payment_method: null }, balance: 0, currency: 'usd',
    });
  }

  async deleteCustomer(id: string): Promise<Obj> {
    const customer = await this.require(id, 'customer');
    await this.store.put({ ...customer, deleted: true });
    await this.events.emit('customer.deleted', customer);
    return { id, object: 'customer', deleted: true, created: customer.created };
  }

  // Checkout in setup mode and the cards it saves

  async createCheckoutSession(params: { customer: string; success_url: string; cancel_url?: string; metadata: Record<string, string>; mode: string; currency?: string }): Promise<Obj> {
    if (params.mode !== 'setup') throw invalidRequest('The sandbox supports mode=setup only.', 'mode');
    await this.require(params.customer, 'customer');
    const id = newId('cs_test');
    const setupIntent = await this.store.put({
      id: newId('seti'), object: 'setup_intent', created: now(), livemode: false, customer: params.customer, status: 'requires_payment_method',
      payment_method: null, usage: 'off_session', metadata: params.metadata, payment_method_types: ['card'],
    });
    return this.store.put({
      id, object: 'checkout.session', created: now(), livemode: false, mode: 'setup', status: 'open', customer: params.customer,
      setup_intent: setupIntent.id, success_url: params.success_url, cancel_url: params.cancel_url ?? null,
      url: `${this.publicUrl}/checkout/${id}`, metadata: params.metadata, currency: params.currency ?? null, payment_status: 'no_payment_required',
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

  async attachCard(customer: string, cardNumber: string, behaviour: CardBehaviour): Promise<Obj> {
    const paymentMethod = await this.store.put({
      id: newId('pm'), object: 'payment_method', created: now(), livemode: false, type: 'card', customer,
      card: cardDetails(cardNumber), billing_details: { email: null, name: null }, metadata: {}, sandbox_behaviour: behaviour,
    });
    await this.events.emit('payment_method.attached', paymentMethod);
    return paymentMethod;
  }

  async detachPaymentMethod(id: string): Promise<Obj> {
    const paymentMethod = await this.require(id, 'payment_method');
    const customerId = paymentMethod.customer as string | null;
    const detached = await this.update(paymentMethod, { customer: null }, 'payment_method.detached');
    if (customerId) {
      const customer = await this.store.get(customerId);
      const settings = customer?.invoice_settings as { default_payment_method: string | null } | undefined;
      if (customer && settings?.default_payment_method === id) {
        await this.update(customer, { invoice_settings: { ...settings, default_payment_method: null } }, 'customer.updated');
      }
    }
    return detached;
  }

  createPortalSession(customer: string, returnUrl: string | null): Promise<Obj> {
    const id = newId('bps');
    return this.store.put({ id, object: 'billing_portal.session', created: now(), livemode: false, customer, return_url: returnUrl, url: `${this.publicUrl}/portal/${id}` });
  }

  async setDefaultPaymentMethod(customerId: string, methodId: string): Promise<Obj> {
    const customer = await this.require(customerId, 'customer');
    return this.update(customer, { invoice_settings: { ...(customer.invoice_settings as object), default_payment_method: methodId } }, 'customer.updated');
  }

  // Invoices

  async createInvoice(params: { customer: string; metadata: Record<string, string>; description?: string; auto_advance?: boolean; default_payment_method?: string }): Promise<Obj> {
    await this.require(params.customer, 'customer');
    const id = newId('in');
    const invoice = await this.store.put({
      id, object: 'invoice', created: now(), livemode: false, customer: params.customer, status: 'draft', currency: 'usd',
      collection_method: 'charge_automatically', auto_advance: params.auto_advance ?? false, description: params.description ?? null,
      metadata: params.metadata, default_payment_method: params.default_payment_method ?? null, number: null,
      amount_due: 0, amount_paid: 0, amount_remaining: 0, subtotal: 0, total: 0, attempt_count: 0, attempted: false,
      hosted_invoice_url: null, invoice_pdf: null, period_start: now(), period_end: now(), last_finalization_error: null,
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      payments: { object: 'list', data: [], has_more: false, url: `/v1/invoice_payments?invoice=${id}` },
    });
    await this.events.emit('invoice.created', invoice);
    return invoice;
  }

  async addInvoiceItem(params: { customer: string; invoice?: string; amount: number; description?: string; metadata: Record<string, string> }): Promise<Obj> {
    if (!params.invoice) throw invalidRequest('The sandbox attaches invoice items to a draft invoice: pass `invoice`.', 'invoice');
    const invoice = await this.require(params.invoice, 'invoice');
    if (invoice.status !== 'draft') throw invalidRequest(`Invoice ${invoice.id} is not a draft.`, 'invoice', 'invoice_not_editable');
    const item = await this.store.put({
      id: newId('ii'), object: 'invoiceitem', created: now(), livemode: false, customer: params.customer, invoice: invoice.id,
      amount: params.amount, currency: 'usd', description: params.description ?? null, metadata: params.metadata,
    });
    const lines = invoice.lines as { data: Obj[] };
    const line = { id: newId('il'), object: 'line_item', amount: item.amount, currency: 'usd', description: item.description, metadata: item.metadata, invoice_item: item.id };
    const total = lines.data.reduce((sum, l) => sum + Number(l.amount), 0) + params.amount;
    await this.store.put({ ...invoice, lines: { ...invoice.lines as object, data: [...lines.data, line] }, subtotal: total, total, amount_due: total, amount_remaining: total });
    return item;
  }

  async finalizeInvoice(id: string): Promise<Obj> {
    const invoice = await this.require(id, 'invoice');
    if (invoice.status !== 'draft') throw invalidRequest(`Invoice ${id} is already finalized.`, undefined, 'invoice_not_editable');
    const count = (await this.store.list('invoice', { where: (i) => i.number !== null })).length;
    const finalized = await this.update(invoice, {
      status: 'open', number: `SBX-${String(count + 1).padStart(4, '0')}`,
      hosted_invoice_url: `${this.publicUrl}/invoices/${id}`, invoice_pdf: `${this.publicUrl}/invoices/${id}/pdf`,
      status_transitions: { ...(invoice.status_transitions as object), finalized_at: now() },
    }, 'invoice.finalized');
    return Number(finalized.amount_due) === 0 ? this.markPaid(finalized, null) : finalized;
  }

  private async markPaid(invoice: Obj, paymentIntent: string | null): Promise<Obj> {
    const payments = paymentIntent
      ? [{ object: 'invoice_payment', id: newId('inpay'), status: 'paid', amount_paid: invoice.amount_due, payment: { type: 'payment_intent', payment_intent: paymentIntent } }]
      : [];
    const paid = await this.update(invoice, {
      status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, attempted: true,
      status_transitions: { ...(invoice.status_transitions as object), paid_at: now() },
      payments: { ...(invoice.payments as object), data: payments },
    }, 'invoice.paid');
    await this.events.emit('invoice.payment_succeeded', paid);
    return paid;
  }

  /** Charges an open invoice: the given method, else the invoice's default, else the customer's. */
  async payInvoice(id: string, paymentMethodId?: string): Promise<Obj> {
    const invoice = await this.require(id, 'invoice');
    if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status !== 'open') throw invalidRequest(`You can only pay an open invoice; this one is ${invoice.status}.`, undefined, 'invoice_not_open');
    const customer = await this.require(invoice.customer as string, 'customer');
    const methodId = paymentMethodId ?? (invoice.default_payment_method as string | null)
      ?? (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    if (!methodId) throw invalidRequest('This customer has no attached payment source or default payment method.', undefined, 'invoice_no_payment_method');
    const method = await this.require(methodId, 'payment_method');
    const decline = chargeDecline(method.sandbox_behaviour as CardBehaviour);
    const intentId = newId('pi');
    const charge = await this.store.put({
      id: newId('ch'), object: 'charge', created: now(), livemode: false, amount: invoice.amount_due, currency: 'usd',
      customer: customer.id, payment_intent: intentId, payment_method: method.id, status: decline ? 'failed' : 'succeeded',
      paid: !decline, failure_code: decline?.code ?? null, failure_message: decline?.message ?? null, disputed: false,
      outcome: decline ? { type: 'issuer_declined', reason: decline.decline_code } : { type: 'authorized', reason: null },
    });
    await this.store.put({
      id: intentId, object: 'payment_intent', created: now(), livemode: false, amount: invoice.amount_due, currency: 'usd',
      customer: customer.id, payment_method: method.id, latest_charge: charge.id, status: decline ? 'requires_payment_method' : 'succeeded',
    });
    if (!decline) return this.markPaid(invoice, intentId);
    await this.update(invoice, { attempt_count: Number(invoice.attempt_count) + 1, attempted: true }, 'invoice.payment_failed');
    await this.events.emit('charge.failed', charge);
    throw new StripeApiError(402, { type: 'card_error', ...decline, charge: charge.id });
  }

  async voidInvoice(id: string): Promise<Obj> {
    const invoice = await this.require(id, 'invoice');
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw invalidRequest(`You can only void an open invoice; this one is ${invoice.status}.`);
    return this.update(invoice, { status: 'void', status_transitions: { ...(invoice.status_transitions as object), voided_at: now() } }, 'invoice.voided');
  }

  async markUncollectible(id: string): Promise<Obj> {
    const invoice = await this.require(id, 'invoice');
    if (invoice.status !== 'open') throw invalidRequest(`You can only mark an open invoice uncollectible; this one is ${invoice.status}.`);
    return this.update(invoice, { status: 'uncollectible', status_transitions: { ...(invoice.status_transitions as object), marked_uncollectible_at: now() } }, 'invoice.marked_uncollectible');
  }

  // Disputes (sandbox controls: a real customer's bank opens them)

  async openDispute(chargeId: string): Promise<Obj> {
    const charge = await this.require(chargeId, 'charge');
    await this.update(charge, { disputed: true });
    const dispute = await this.store.put({
      id: newId('du'), object: 'dispute', created: now(), livemode: false, charge: charge.id, payment_intent: charge.payment_intent,
      amount: charge.amount, currency: 'usd', status: 'needs_response', reason: 'fraudulent',
    });
    await this.events.emit('charge.dispute.created', dispute);
    return dispute;
  }

  async closeDispute(id: string, status: 'won' | 'lost'): Promise<Obj> {
    const dispute = await this.require(id, 'dispute');
    return this.update(dispute, { status }, 'charge.dispute.closed');
  }
}
