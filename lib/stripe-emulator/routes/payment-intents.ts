// Payment intents: created (and confirmed at once, on or off session: auto-recharge charges the
// saved card with them) and retrieved.
import { record, str } from '../form';
import { bool, id, type Route, type RouteContext } from './route';

export function paymentIntentRoutes({ billing }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      operation: 'PostPaymentIntents',
      run: (_m, p) =>
        billing.payments.createPaymentIntent({
          amount: Number(str(p, 'amount') ?? NaN),
          currency: str(p, 'currency') ?? '',
          customer: str(p, 'customer'),
          payment_method: str(p, 'payment_method'),
          confirm: bool(p, 'confirm'),
          off_session: str(p, 'off_session'),
          capture_method: str(p, 'capture_method'),
          setup_future_usage: str(p, 'setup_future_usage'),
          error_on_requires_action: bool(p, 'error_on_requires_action'),
          receipt_email: str(p, 'receipt_email'),
          description: str(p, 'description'),
          metadata: record(p, 'metadata'),
        }),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      operation: 'GetPaymentIntentsIntent',
      run: (m) => billing.require(id(m), 'payment_intent'),
    },
  ];
}
