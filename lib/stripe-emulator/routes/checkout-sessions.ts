// Checkout sessions: setup mode saves a card, payment mode buys credits; either hands the customer
// to the hosted Checkout page.
import { object, record, str } from '../form';
import { id, type Route, type RouteContext } from './route';

export function checkoutSessionRoutes({ billing }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      operation: 'PostCheckoutSessions',
      run: (_m, p) =>
        billing.createCheckoutSession({
          customer: str(p, 'customer') ?? '',
          success_url: str(p, 'success_url') ?? '',
          cancel_url: str(p, 'cancel_url'),
          metadata: record(p, 'metadata'),
          mode: str(p, 'mode') ?? '',
          currency: str(p, 'currency'),
          client_reference_id: str(p, 'client_reference_id'),
          line_items: Object.hasOwn(p, 'line_items') ? p.line_items : undefined,
          payment_intent_data: object(p, 'payment_intent_data'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      operation: 'GetCheckoutSessionsSession',
      run: (m) => billing.require(id(m), 'checkout.session'),
    },
  ];
}
