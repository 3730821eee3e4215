// Invoice items: each added to a draft invoice of its customer, with its line on the invoice and
// the invoice's totals moved by its amount.
import type { EmulatorBilling } from './billing';
import { invalidRequest } from './errors';
import { newId, type StripeObject as Obj } from './store';

export async function addInvoiceItem(
  billing: EmulatorBilling,
  params: {
    customer: string;
    invoice?: string;
    amount: number;
    description?: string;
    metadata: Record<string, string>;
    period?: { start: number; end: number };
  },
): Promise<Obj> {
  if (!params.invoice)
    throw invalidRequest('The emulator attaches invoice items to a draft invoice: pass `invoice`.', 'invoice');
  if (!Number.isInteger(params.amount))
    throw invalidRequest('Invalid integer: amount', 'amount', 'parameter_invalid_integer');
  const invoice = await billing.require(params.invoice, 'invoice');
  if (invoice.customer !== params.customer)
    throw invalidRequest(`Invoice ${invoice.id} belongs to another customer.`, 'invoice');
  if (invoice.status !== 'draft')
    throw invalidRequest(`The invoice ${invoice.id} can no longer be edited.`, 'invoice', 'invoice_not_editable');
  const now = billing.clock.now();
  const period = params.period ?? { start: now, end: now };
  if (period.end < period.start) throw invalidRequest('The period end must be after its start.', 'period[end]');
  const item = await billing.store.put({
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
  await billing.store.put({
    ...invoice,
    lines: { ...(invoice.lines as object), data: [...lines.data, line] },
    subtotal: total,
    subtotal_excluding_tax: total,
    total,
    total_excluding_tax: total,
    amount_due: total,
    amount_remaining: total,
  });
  await billing.events.emit('invoiceitem.created', item);
  return item;
}
