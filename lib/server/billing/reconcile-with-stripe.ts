import 'server-only';

import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';

import { refreshPaymentMethod } from './apply-payment-method';
import { reconcileCreditPurchases } from './credit-purchases';
import { mailInvoiceNotice } from './mail-invoice-notice';
import { finishCreditRefunds } from './refund-credits';
import { retryUnpaidInvoices } from './retry-unpaid-invoices';
import { syncInvoice } from './sync-invoice';

export type ReconcileWithStripeOptions = { accountId?: string };

export type Reconciliation = { invoices: number; customers: number; failed: number };

/**
 * Webhooks can be lost: this re-reads from Stripe what a lost event would have changed and
 * applies it through the same functions the webhook handlers use. Every invoice of ours that is
 * not settled (draft in Stripe, open, uncollectible) or stands behind a block: synced (a payment
 * on the hosted page unblocks; the receipt goes once per invoice). Every account with a Stripe
 * customer: its default card re-read (a card removed in the portal stops counting) and, when it
 * has one, its unpaid invoices charged with it. Every pending purchase of credits: applied once
 * paid (credit-purchases.ts). One failure is logged and the rest go on. Run
 * hourly by the worker (reconcile_billing).
 */
export async function reconcileWithStripe({ accountId }: ReconcileWithStripeOptions = {}): Promise<Reconciliation> {
  const result: Reconciliation = { invoices: 0, customers: 0, failed: 0 };
  const invoices = await db.invoice.findMany({
    where: {
      ...(accountId ? { accountId } : {}),
      stripeInvoiceId: { not: null },
      OR: [{ status: { in: ['draft', 'open', 'uncollectible'] } }, { blocks: { some: { liftedAt: null } } }],
    },
    select: { stripeInvoiceId: true, status: true },
  });
  for (const invoice of invoices) {
    await attempt(result, `invoice ${invoice.stripeInvoiceId}`, async () => {
      await syncInvoice({ stripeInvoiceId: invoice.stripeInvoiceId! });
      await mailInvoiceNotice({ stripeInvoiceId: invoice.stripeInvoiceId!, kind: 'paid', eventId: 'reconciliation' });
      result.invoices++;
    });
  }
  const customers = await db.account.findMany({
    where: { ...(accountId ? { id: accountId } : {}), stripeCustomerId: { not: null } },
    select: { id: true, stripeCustomerId: true },
  });
  for (const customer of customers) {
    await attempt(result, `customer ${customer.stripeCustomerId}`, async () => {
      await refreshPaymentMethod({ customerId: customer.stripeCustomerId! });
      const { hasPaymentMethod } = await db.account.findUniqueOrThrow({
        where: { id: customer.id },
        select: { hasPaymentMethod: true },
      });
      if (hasPaymentMethod) await retryUnpaidInvoices({ accountId: customer.id });
      result.customers++;
    });
  }
  // Credits paid for whose webhook was lost: applied once, as the webhook would have.
  await attempt(result, 'pending credit purchases', async () => {
    await reconcileCreditPurchases({ accountId });
  });
  // Refunds of credits a crash cut short: made once, under the key they were first tried with.
  await attempt(result, 'unfinished credit refunds', async () => {
    await finishCreditRefunds({ accountId });
  });
  return result;
}

async function attempt(result: Reconciliation, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    result.failed++;
    logger.error({ err: error }, `reconcile-with-stripe: ${what} could not be reconciled (tried again next hour)`);
  }
}
