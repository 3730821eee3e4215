// Invoices as Stripe runs them: drafts with items, finalization, `charge_automatically` or
// `send_invoice` collection (`days_until_due` / `due_date`, `POST /send`, `invoice.overdue` when a
// sent invoice passes its due date on the sandbox clock), payment of `open` and `uncollectible`
// invoices, `attempt_count` as Stripe counts it, void and uncollectible.
import type { SandboxBilling } from './billing';
import { chargeDecline, type CardBehaviour } from './cards';
import { invalidRequest, StripeApiError } from './errors';
import { chargeObject, paymentIntentObject } from './payments';
import { newId, type StripeObject as Obj } from './store';

const DAY = 86_400;
type Collection = 'charge_automatically' | 'send_invoice';

export interface CreateInvoiceParams {
  customer: string;
  metadata: Record<string, string>;
  description?: string;
  /** Printed at the foot of the hosted page and the PDF. */
  footer?: string;
  /** Printed under the invoice's facts (name: value), up to 4 as Stripe allows. */
  custom_fields?: { name: string; value: string }[];
  auto_advance?: boolean;
  default_payment_method?: string;
  collection_method?: string;
  days_until_due?: number;
  due_date?: number;
}

export class SandboxInvoices {
  constructor(private readonly billing: SandboxBilling) {}

  private get clock() {
    return this.billing.clock;
  }

  private collection(params: { collection_method?: string; days_until_due?: number; due_date?: number }): {
    collection_method: Collection;
    days_until_due: number | null;
    due_date: number | null;
  } {
    const method = params.collection_method ?? 'charge_automatically';
    if (method !== 'charge_automatically' && method !== 'send_invoice') {
      throw invalidRequest(
        `Invalid collection_method: must be one of charge_automatically or send_invoice`,
        'collection_method',
        'parameter_invalid_string',
      );
    }
    if (method === 'charge_automatically' && (params.days_until_due !== undefined || params.due_date !== undefined)) {
      const param = params.days_until_due !== undefined ? 'days_until_due' : 'due_date';
      throw invalidRequest(`You can only set ${param} on invoices with collection_method=send_invoice.`, param);
    }
    if (method === 'send_invoice' && params.days_until_due === undefined && params.due_date === undefined) {
      throw invalidRequest(
        'Invoices with collection_method=send_invoice need days_until_due or due_date.',
        'days_until_due',
        'parameter_missing',
      );
    }
    return {
      collection_method: method,
      days_until_due: params.days_until_due ?? null,
      due_date: params.due_date ?? null,
    };
  }

  async create(params: CreateInvoiceParams): Promise<Obj> {
    const customer = await this.billing.require(params.customer, 'customer');
    const collection = this.collection(params);
    const id = newId('in');
    const now = this.clock.now();
    const invoice = await this.billing.store.put({
      id,
      object: 'invoice',
      created: now,
      livemode: false,
      customer: params.customer,
      status: 'draft',
      currency: 'usd',
      sandbox_account: this.billing.account,
      collection_method: collection.collection_method,
      sandbox_days_until_due: collection.days_until_due,
      due_date:
        collection.due_date ?? (collection.days_until_due !== null ? now + collection.days_until_due * DAY : null),
      auto_advance: params.auto_advance ?? false,
      description: params.description ?? null,
      metadata: params.metadata,
      default_payment_method: params.default_payment_method ?? null,
      number: null,
      billing_reason: 'manual',
      account_country: 'US',
      account_name: 'Billing sandbox',
      account_tax_ids: null,
      application: null,
      automatically_finalizes_at: null,
      amount_due: 0,
      amount_paid: 0,
      amount_paid_off_stripe: 0,
      amount_remaining: 0,
      amount_overpaid: 0,
      amount_shipping: 0,
      subtotal: 0,
      subtotal_excluding_tax: 0,
      total: 0,
      total_excluding_tax: 0,
      total_discount_amounts: [],
      total_pretax_credit_amounts: [],
      total_taxes: [],
      attempt_count: 0,
      attempted: false,
      next_payment_attempt: null,
      effective_at: null,
      ending_balance: null,
      starting_balance: 0,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      customer_address: null,
      customer_email: customer.email ?? null,
      customer_name: customer.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      custom_fields: params.custom_fields?.length ? params.custom_fields : null,
      default_source: null,
      default_tax_rates: [],
      discounts: [],
      footer: params.footer ?? null,
      from_invoice: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      on_behalf_of: null,
      parent: null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      statement_descriptor: null,
      test_clock: null,
      webhooks_delivered_at: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      period_start: now,
      period_end: now,
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
      payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
    });
    await this.billing.events.emit('invoice.created', invoice);
    return invoice;
  }

  /** POST /v1/invoices/{id}: metadata and description always; collection settings while a draft. */
  async update(
    id: string,
    params: {
      metadata?: Record<string, string>;
      description?: string;
      collection_method?: string;
      days_until_due?: number;
      due_date?: number;
    },
  ): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    const changes: Record<string, unknown> = {};
    if (params.metadata) changes.metadata = { ...(invoice.metadata as object), ...params.metadata };
    if (params.description) changes.description = params.description;
    if (
      params.collection_method !== undefined ||
      params.days_until_due !== undefined ||
      params.due_date !== undefined
    ) {
      if (invoice.status !== 'draft')
        throw invalidRequest(
          `Invoice ${id} is no longer a draft; its collection settings cannot change.`,
          'collection_method',
          'invoice_not_editable',
        );
      const collection = this.collection({
        collection_method: params.collection_method ?? (invoice.collection_method as string),
        days_until_due:
          params.days_until_due ??
          ((params.collection_method ?? invoice.collection_method) === 'send_invoice' && params.due_date === undefined
            ? ((invoice.sandbox_days_until_due as number | null) ?? undefined)
            : undefined),
        due_date: params.due_date,
      });
      Object.assign(changes, {
        collection_method: collection.collection_method,
        sandbox_days_until_due: collection.days_until_due,
        due_date:
          collection.due_date ??
          (collection.days_until_due !== null ? Number(invoice.created) + collection.days_until_due * DAY : null),
      });
    }
    return this.billing.update(invoice, changes, 'invoice.updated');
  }

  async addItem(params: {
    customer: string;
    invoice?: string;
    amount: number;
    description?: string;
    metadata: Record<string, string>;
    period?: { start: number; end: number };
  }): Promise<Obj> {
    if (!params.invoice)
      throw invalidRequest('The sandbox attaches invoice items to a draft invoice: pass `invoice`.', 'invoice');
    if (!Number.isInteger(params.amount))
      throw invalidRequest('Invalid integer: amount', 'amount', 'parameter_invalid_integer');
    const invoice = await this.billing.require(params.invoice, 'invoice');
    if (invoice.customer !== params.customer)
      throw invalidRequest(`Invoice ${invoice.id} belongs to another customer.`, 'invoice');
    if (invoice.status !== 'draft')
      throw invalidRequest(`The invoice ${invoice.id} can no longer be edited.`, 'invoice', 'invoice_not_editable');
    const now = this.clock.now();
    const period = params.period ?? { start: now, end: now };
    if (period.end < period.start) throw invalidRequest('The period end must be after its start.', 'period[end]');
    const item = await this.billing.store.put({
      id: newId('ii'),
      object: 'invoiceitem',
      created: now,
      livemode: false,
      customer: params.customer,
      invoice: invoice.id,
      amount: params.amount,
      currency: 'usd',
      description: params.description ?? null,
      metadata: params.metadata,
      date: now,
      discountable: true,
      discounts: [],
      net_amount: params.amount,
      parent: null,
      period: { end: period.end, start: period.start },
      pricing: null,
      proration: false,
      quantity: 1,
      tax_rates: [],
      test_clock: null,
    });
    const lines = invoice.lines as { data: Obj[] };
    const line = {
      id: newId('il'),
      object: 'line_item',
      amount: item.amount,
      currency: 'usd',
      description: item.description,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice: invoice.id,
      livemode: false,
      metadata: item.metadata,
      period: { end: period.end, start: period.start },
      parent: {
        type: 'invoice_item_details',
        invoice_item_details: {
          invoice_item: item.id,
          proration: false,
          proration_details: { credited_items: null },
          subscription: null,
        },
        subscription_item_details: null,
      },
      pretax_credit_amounts: [],
      pricing: null,
      quantity: 1,
      subscription: null,
      subtotal: item.amount,
      taxes: [],
    };
    const total = lines.data.reduce((sum, l) => sum + Number(l.amount), 0) + params.amount;
    await this.billing.store.put({
      ...invoice,
      lines: { ...(invoice.lines as object), data: [...lines.data, line] },
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      amount_due: total,
      amount_remaining: total,
    });
    await this.billing.events.emit('invoiceitem.created', item);
    return item;
  }

  async finalize(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'draft')
      throw invalidRequest("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const now = this.clock.now();
    const pages = this.billing.pagesUrl;
    const finalized = await this.billing.update(
      invoice,
      {
        status: 'open',
        number: await this.billing.store.nextInvoiceNumber(),
        effective_at: now,
        hosted_invoice_url: `${pages}/invoices/${id}`,
        invoice_pdf: `${pages}/invoices/${id}/pdf`,
        status_transitions: { ...(invoice.status_transitions as object), finalized_at: now },
      },
      'invoice.finalized',
    );
    // A zero-amount invoice is paid at once: attempted, with no payment attempt counted.
    return Number(finalized.amount_due) === 0 ? this.markPaid(finalized, null, { attempted: true }) : finalized;
  }

  private async markPaid(
    invoice: Obj,
    paymentIntent: string | null,
    extra: Record<string, unknown> = {},
  ): Promise<Obj> {
    const now = this.clock.now();
    const payments = invoice.payments as { data: Obj[] };
    const paidPayment = paymentIntent
      ? [
          {
            id: newId('inpay'),
            object: 'invoice_payment',
            amount_paid: invoice.amount_due,
            amount_requested: invoice.amount_due,
            created: now,
            currency: 'usd',
            invoice: invoice.id,
            is_default: true,
            livemode: false,
            payment: { type: 'payment_intent', payment_intent: paymentIntent },
            status: 'paid',
            status_transitions: { canceled_at: null, paid_at: now },
          },
        ]
      : [];
    const paid = await this.billing.update(
      invoice,
      {
        status: 'paid',
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        attempted: true,
        ...extra,
        status_transitions: { ...(invoice.status_transitions as object), paid_at: now },
        payments: {
          ...(invoice.payments as object),
          data: [...paidPayment, ...payments.data.map((p) => ({ ...p, is_default: false }))],
        },
      },
      'invoice.paid',
    );
    await this.billing.events.emit('invoice.payment_succeeded', paid);
    return paid;
  }

  /**
   * Charges an `open` or `uncollectible` invoice: the given method, else the invoice's default, else
   * the customer's. `attempt_count` counts as Stripe's does: the first attempt makes it 1, and
   * later attempts made through this call (not automatic retries) leave it alone.
   */
  async pay(
    id: string,
    params: { payment_method?: string; paid_out_of_band?: boolean },
    /** The customer pays on the hosted invoice page, there to authenticate (not an API parameter). */
    { onSession = false }: { onSession?: boolean } = {},
  ): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    // Real Stripe answers these with a plain invalid_request_error: no error code of its own.
    if (invoice.status === 'paid')
      throw new StripeApiError(400, { type: 'invalid_request_error', message: 'Invoice is already paid' });
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `You can only pay an invoice that is open or uncollectible; this one is ${invoice.status}.`,
      });
    }
    if (params.paid_out_of_band) return this.markPaid(invoice, null, { amount_paid_off_stripe: invoice.amount_due });
    const customer = await this.billing.require(invoice.customer as string, 'customer');
    const methodId =
      params.payment_method ??
      (invoice.default_payment_method as string | null) ??
      (customer.invoice_settings as { default_payment_method: string | null }).default_payment_method;
    if (!methodId)
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message:
          'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      });
    const method = await this.billing.require(methodId, 'payment_method');
    if (method.customer !== customer.id)
      throw invalidRequest(
        `The payment method ${methodId} is not attached to this invoice's customer.`,
        'payment_method',
      );
    const attempt = { attempted: true, attempt_count: Math.max(1, Number(invoice.attempt_count)) };
    const decline = chargeDecline(method.sandbox_behaviour as CardBehaviour, { onSession });
    // An off-session payment the bank wants authenticated: the invoice's PaymentIntent waits in
    // `requires_action` for the customer, who completes it on the hosted invoice page.
    const needsAction = decline?.code === 'authentication_required';
    const { intentId, chargeId } = await this.charge(invoice, customer.id, method, decline, needsAction);
    if (!decline) return this.markPaid(invoice, intentId, attempt);
    const payments = invoice.payments as { data: Obj[] };
    const now = this.clock.now();
    const failedPayment = {
      id: newId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: invoice.amount_due,
      created: now,
      currency: 'usd',
      invoice: invoice.id,
      is_default: payments.data.length === 0,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intentId },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    };
    const failed = await this.billing.update(
      invoice,
      { ...attempt, payments: { ...(invoice.payments as object), data: [...payments.data, failedPayment] } },
      'invoice.payment_failed',
    );
    // "invoice.payment_action_required will be generated when the next action is needed, such as
    // when 3D Secure is required, and the hosted_invoice_url returned in that event contains a
    // button for the customer to complete the payment" (Stripe support, "Completing a next action
    // for PaymentIntents created with one-off invoices").
    if (needsAction) await this.billing.events.emit('invoice.payment_action_required', failed);
    throw new StripeApiError(402, { type: 'card_error', ...decline, charge: chargeId });
  }

  /** A PaymentIntent and its charge for the invoice's amount. */
  private async charge(
    invoice: Obj,
    customer: string,
    paymentMethod: Obj,
    decline: ReturnType<typeof chargeDecline>,
    needsAction = false,
  ): Promise<{ intentId: string; chargeId: string }> {
    const now = this.clock.now();
    const amount = Number(invoice.amount_due);
    const account = this.billing.account;
    const intent = paymentIntentObject({
      now,
      amount,
      currency: 'usd',
      customer,
      paymentMethod: paymentMethod.id,
      account,
    });
    const charge = await this.billing.store.put(
      chargeObject({
        now,
        amount,
        currency: 'usd',
        customer,
        paymentIntent: intent.id,
        paymentMethod,
        decline,
        account,
      }),
    );
    await this.billing.store.put({
      ...intent,
      amount_received: decline ? 0 : amount,
      latest_charge: charge.id,
      status: needsAction ? 'requires_action' : decline ? 'requires_payment_method' : 'succeeded',
      next_action: needsAction ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
      last_payment_error: decline
        ? {
            type: 'card_error',
            code: decline.code,
            decline_code: decline.decline_code,
            message: decline.message,
            charge: charge.id,
          }
        : null,
    });
    await this.billing.events.emit(decline ? 'charge.failed' : 'charge.succeeded', charge);
    return { intentId: intent.id, chargeId: charge.id };
  }

  /** POST /v1/invoices/{id}/send: finalizes a draft first, as Stripe does, and announces `invoice.sent`. */
  async send(id: string): Promise<Obj> {
    let invoice = await this.billing.require(id, 'invoice');
    if (invoice.collection_method !== 'send_invoice') {
      throw invalidRequest('You can only send an invoice whose collection_method is send_invoice.', 'invoice');
    }
    if (invoice.status === 'void') throw invalidRequest(`Invoice ${id} is void and cannot be sent.`);
    if (invoice.status === 'draft') invoice = await this.finalize(id);
    const sent = await this.billing.store.put({ ...invoice, sandbox_sent_at: this.clock.now() });
    await this.billing.events.emit('invoice.sent', sent);
    return sent;
  }

  async void(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalidRequest(`You can only void an open or uncollectible invoice; this one is ${invoice.status}.`);
    return this.billing.update(
      invoice,
      {
        status: 'void',
        status_transitions: { ...(invoice.status_transitions as object), voided_at: this.clock.now() },
      },
      'invoice.voided',
    );
  }

  async markUncollectible(id: string): Promise<Obj> {
    const invoice = await this.billing.require(id, 'invoice');
    if (invoice.status !== 'open')
      throw invalidRequest(`You can only mark an open invoice uncollectible; this one is ${invoice.status}.`);
    return this.billing.update(
      invoice,
      {
        status: 'uncollectible',
        status_transitions: { ...(invoice.status_transitions as object), marked_uncollectible_at: this.clock.now() },
      },
      'invoice.marked_uncollectible',
    );
  }

  /** This account's open `send_invoice` invoices past their due date announce `invoice.overdue`, once each. */
  async announceOverdue(): Promise<number> {
    const now = this.clock.now();
    const { rows } = await this.billing.store.pool.query(
      `SELECT data FROM stripe_sandbox.objects
       WHERE type = 'invoice' AND data->>'sandbox_account' = $1 AND data->>'status' = 'open'
         AND data->>'collection_method' = 'send_invoice' AND (data->>'due_date')::bigint <= $2 AND NOT data ? 'sandbox_overdue_at'
       ORDER BY seq`,
      [this.billing.account, now],
    );
    for (const { data: invoice } of rows as { data: Obj }[]) {
      const marked = await this.billing.store.put({ ...invoice, sandbox_overdue_at: now });
      await this.billing.events.emit('invoice.overdue', marked);
    }
    return rows.length;
  }
}
