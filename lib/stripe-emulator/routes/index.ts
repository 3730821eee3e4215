// The emulator's route table: every operation the product calls, one module per Stripe resource.
import { billingPortalRoutes } from './billing-portal';
import { chargeRoutes } from './charges';
import { checkoutSessionRoutes } from './checkout-sessions';
import { customerRoutes } from './customers';
import { eventRoutes } from './events';
import { invoiceItemRoutes } from './invoice-items';
import { invoiceRoutes } from './invoices';
import { paymentIntentRoutes } from './payment-intents';
import { paymentMethodRoutes } from './payment-methods';
import { refundRoutes } from './refunds';
import type { Route, RouteContext } from './route';
import { setupIntentRoutes } from './setup-intents';

export function allRoutes(context: RouteContext): Route[] {
  return [
    customerRoutes,
    paymentMethodRoutes,
    checkoutSessionRoutes,
    setupIntentRoutes,
    billingPortalRoutes,
    invoiceRoutes,
    invoiceItemRoutes,
    chargeRoutes,
    paymentIntentRoutes,
    refundRoutes,
    eventRoutes,
  ].flatMap((routes) => routes(context));
}
