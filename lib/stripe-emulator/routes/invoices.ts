// Invoices: create (with the collection settings), list, retrieve, update, their lines, and the
// steps of their life: finalize, pay, send, void, mark uncollectible (the invoices module runs them).
import { record, str } from '../form';
import { bool, id, int, type Params, type Route, type RouteContext } from './route';
import type { StripeObject } from '../store';

/** `custom_fields[i][name]`, `custom_fields[i][value]`: the invoice's custom fields, or undefined. */
const customFields = (params: Params) => {
  const fields = Object.hasOwn(params, 'custom_fields') ? params.custom_fields : undefined;
  if (!Array.isArray(fields)) return undefined;
  return fields.flatMap((f) =>
    typeof f === 'object' && !Array.isArray(f) && typeof f.name === 'string' && typeof f.value === 'string'
      ? [{ name: f.name, value: f.value }]
      : [],
  );
};

export function invoiceRoutes({ billing, invoices, listOf, customerObjects }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/invoices$/,
      operation: 'PostInvoices',
      run: (_m, p) =>
        invoices.create({
          customer: str(p, 'customer') ?? '',
          metadata: record(p, 'metadata'),
          description: str(p, 'description'),
          footer: str(p, 'footer'),
          custom_fields: customFields(p),
          auto_advance: bool(p, 'auto_advance'),
          default_payment_method: str(p, 'default_payment_method'),
          collection_method: str(p, 'collection_method'),
          days_until_due: int(p, 'days_until_due'),
          due_date: int(p, 'due_date'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices$/,
      operation: 'GetInvoices',
      run: async (_m, p) =>
        listOf(
          '/v1/invoices',
          await customerObjects('invoice', p, (i) => !str(p, 'status') || i.status === str(p, 'status')),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      operation: 'GetInvoicesInvoice',
      run: (m) => billing.require(id(m), 'invoice'),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      operation: 'PostInvoicesInvoice',
      locks: (m) => [id(m)],
      run: (m, p) =>
        invoices.update(id(m), {
          metadata: p.metadata ? record(p, 'metadata') : undefined,
          description: str(p, 'description'),
          collection_method: str(p, 'collection_method'),
          days_until_due: int(p, 'days_until_due'),
          due_date: int(p, 'due_date'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)\/lines$/,
      operation: 'GetInvoicesInvoiceLines',
      run: async (m, p) =>
        listOf(
          `/v1/invoices/${id(m)}/lines`,
          ((await billing.require(id(m), 'invoice')).lines as { data: StripeObject[] }).data,
          p,
        ),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/finalize$/,
      operation: 'PostInvoicesInvoiceFinalize',
      locks: (m) => [id(m)],
      run: (m) => invoices.finalize(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/pay$/,
      operation: 'PostInvoicesInvoicePay',
      locks: (m) => [id(m)],
      run: (m, p) =>
        invoices.pay(id(m), {
          payment_method: str(p, 'payment_method'),
          paid_out_of_band: bool(p, 'paid_out_of_band'),
        }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/send$/,
      operation: 'PostInvoicesInvoiceSend',
      locks: (m) => [id(m)],
      run: (m) => invoices.send(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/void$/,
      operation: 'PostInvoicesInvoiceVoid',
      locks: (m) => [id(m)],
      run: (m) => invoices.void(id(m)),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/,
      operation: 'PostInvoicesInvoiceMarkUncollectible',
      locks: (m) => [id(m)],
      run: (m) => invoices.markUncollectible(id(m)),
    },
  ];
}
