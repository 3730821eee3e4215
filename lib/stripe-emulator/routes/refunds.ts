// Refunds: created against a charge or a payment intent (both locked while it runs), listed by
// either, and retrieved.
import { record, str } from '../form';
import { id, int, type Route, type RouteContext } from './route';

export function refundRoutes({ billing, listOf }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      operation: 'PostRefunds',
      locks: (_m, p) => [str(p, 'charge'), str(p, 'payment_intent')],
      run: (_m, p) =>
        billing.payments.createRefund({
          charge: str(p, 'charge'),
          payment_intent: str(p, 'payment_intent'),
          amount: int(p, 'amount'),
          reason: str(p, 'reason'),
          metadata: record(p, 'metadata'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      operation: 'GetRefunds',
      run: async (_m, p) =>
        listOf(
          '/v1/refunds',
          await billing.payments.listRefunds({ charge: str(p, 'charge'), payment_intent: str(p, 'payment_intent') }),
          p,
        ),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds\/([^/]+)$/,
      operation: 'GetRefundsRefund',
      run: (m) => billing.require(id(m), 'refund'),
    },
  ];
}
