// Hourly: what Stripe says now, applied as the webhooks would have (a lost invoice.paid, a lost
// customer.updated): lib/server/billing/reconcile-with-stripe.ts.
import type { Task } from 'graphile-worker';

import { reconcileWithStripe } from '@/lib/server/billing/reconcile-with-stripe';

export const reconcileBillingTask: Task = async (_payload, helpers) => {
  const { invoices, customers, failed } = await reconcileWithStripe();
  helpers.logger.info(`reconciled with Stripe: ${invoices} invoices, ${customers} customers, ${failed} failed`);
};

export const reconcileBillingCron = '40 * * * * reconcile_billing ?fill=1h&max=1&jobKey=reconcile_billing';
