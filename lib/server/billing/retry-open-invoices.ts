import 'server-only';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';

import { refreshAccountStanding } from './refresh-account-standing';
import { syncInvoice } from './sync-invoice';

export type RetryOpenInvoicesOptions = { accountId: string };

/** Charges every open invoice of the account again (after its payment method changed). */
export async function retryOpenInvoices({ accountId }: RetryOpenInvoicesOptions): Promise<void> {
  const open = await db.invoice.findMany({ where: { accountId, status: 'open', NOT: { stripeInvoiceId: null } }, select: { stripeInvoiceId: true } });
  for (const { stripeInvoiceId } of open) {
    await stripe().invoices.pay(stripeInvoiceId!).catch((error: unknown) => {
      // Declined again (Stripe announces it), or paid meanwhile by a concurrent retry: the sync below records either.
      const { type, code } = error as { type?: string; code?: string };
      if (type !== 'StripeCardError' && code !== 'invoice_already_paid') throw error;
    });
    await syncInvoice({ stripeInvoiceId: stripeInvoiceId! });
  }
  await refreshAccountStanding({ accountId });
}
