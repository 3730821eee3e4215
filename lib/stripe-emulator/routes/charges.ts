// Charges and their disputes: retrieved only (a charge is made by paying an invoice or confirming
// a payment intent, a dispute by the `/_sandbox` controls).
import { id, type Route, type RouteContext } from './route';

export function chargeRoutes({ billing }: RouteContext): Route[] {
  return [
    {
      method: 'GET',
      pattern: /^\/v1\/charges\/([^/]+)$/,
      operation: 'GetChargesCharge',
      run: (m) => billing.require(id(m), 'charge'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes\/([^/]+)$/,
      operation: 'GetDisputesDispute',
      run: (m) => billing.require(id(m), 'dispute'),
    },
  ];
}
