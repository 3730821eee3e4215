// The customer portal's sessions: a link to the hosted portal, back to `return_url`.
import { str } from '../form';
import type { Route, RouteContext } from './route';

export function billingPortalRoutes({ billing }: RouteContext): Route[] {
  return [
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      operation: 'PostBillingPortalSessions',
      run: async (_m, p) => {
        const customer = await billing.require(str(p, 'customer') ?? '', 'customer');
        return billing.createPortalSession(customer.id, str(p, 'return_url') ?? null);
      },
    },
  ];
}
