// Setup intents: retrieved after Checkout in setup mode saved a card (the product reads its
// payment method from it).
import { id, type Route, type RouteContext } from './route';

export function setupIntentRoutes({ billing }: RouteContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      operation: 'GetSetupIntentsIntent',
      run: (m) => billing.require(id(m), 'setup_intent'),
    },
  ];
}
