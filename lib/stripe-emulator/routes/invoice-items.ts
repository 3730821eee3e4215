// Invoice items: added to a draft invoice (locked while it changes), and listed by customer and
// invoice.
import { object, record, str } from '../form';
import type { Params, Route, RouteContext } from './route';

/** `period[start]`, `period[end]`: the item's period, or undefined. */
const periodOf = (params: Params) => {
  const period = object(params, 'period');
  return period ? { start: Number(str(period, 'start')), end: Number(str(period, 'end')) } : undefined;
};

export function invoiceItemRoutes({ invoices, listOf, customerObjects }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/invoiceitems$/,
      operation: 'PostInvoiceitems',
      locks: (_m, p) => [str(p, 'invoice')],
      run: (_m, p) =>
        invoices.addItem({
          customer: str(p, 'customer') ?? '',
          invoice: str(p, 'invoice'),
          amount: Number(str(p, 'amount') ?? NaN),
          description: str(p, 'description'),
          metadata: record(p, 'metadata'),
          period: periodOf(p),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoiceitems$/,
      operation: 'GetInvoiceitems',
      run: async (_m, p) =>
        listOf(
          '/v1/invoiceitems',
          await customerObjects('invoiceitem', p, (i) => !str(p, 'invoice') || i.invoice === str(p, 'invoice')),
          p,
        ),
    },
  ];
}
