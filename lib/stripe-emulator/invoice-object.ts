// The invoice object as Stripe's API returns it, made as a draft, and the collection settings
// (`charge_automatically`, or `send_invoice` with `days_until_due` or `due_date`) checked as
// Stripe checks them when an invoice is created or its draft updated.
import { invalidRequest } from './errors';
import type { StripeObject as Obj } from './store';

export const DAY = 86_400;
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

/** The collection settings an invoice is created or updated with, refused as Stripe refuses them. */
export function collectionSettings(params: {
  collection_method?: string;
  days_until_due?: number;
  due_date?: number;
}): {
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

/** A new draft invoice with no lines, every field Stripe's invoice has. */
export function draftInvoice({
  id,
  now,
  account,
  customer,
  params,
  collection,
}: {
  id: string;
  now: number;
  /** The emulator account it belongs to (emulators sharing a database keep to their own). */
  account: string;
  customer: Obj;
  params: CreateInvoiceParams;
  collection: ReturnType<typeof collectionSettings>;
}): Obj {
  return {
    id,
    object: 'invoice',
    created: now,
    livemode: false,
    customer: params.customer,
    status: 'draft',
    currency: 'usd',
    sandbox_account: account,
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
    account_name: 'Stripe emulator',
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
  };
}
