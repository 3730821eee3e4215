import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';
import type { InvoiceStatus } from '@/lib/generated/prisma/client';

import { refreshAccountStanding } from './refresh-account-standing';

export type SyncInvoiceOptions = {
  stripeInvoiceId: string;
  /** Stripe said it is past due (invoice.overdue): authoritative, whatever our clock says of its due date. */
  overdue?: boolean;
};

const statuses = new Set<InvoiceStatus>(['draft', 'open', 'paid', 'uncollectible', 'void']);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Copies an invoice's state from Stripe (re-read, whatever event announced it, so events
 * arriving out of order end in Stripe's current state), then re-decides the account's standing.
 */
export async function syncInvoice({ stripeInvoiceId, overdue = false }: SyncInvoiceOptions): Promise<void> {
  const remote: Stripe.Invoice = await stripe().invoices.retrieve(stripeInvoiceId);
  const invoiceId = remote.metadata?.invoiceId;
  const local = await db.invoice.findFirst({
    where: invoiceId ? { OR: [{ stripeInvoiceId }, { id: invoiceId }] } : { stripeInvoiceId },
    select: { id: true, accountId: true, overdueAt: true },
  });
  if (!local) return; // not one of ours (made by hand in the dashboard)
  await db.invoice.update({
    where: { id: local.id },
    data: {
      stripeInvoiceId,
      status: statuses.has(remote.status as InvoiceStatus) ? (remote.status as InvoiceStatus) : 'draft',
      number: remote.number,
      hostedInvoiceUrl: remote.hosted_invoice_url ?? null,
      invoicePdfUrl: remote.invoice_pdf ?? null,
      attemptCount: remote.attempt_count ?? 0,
      finalizedAt: fromUnix(remote.status_transitions?.finalized_at),
      paidAt: fromUnix(remote.status_transitions?.paid_at),
      dueAt: fromUnix(remote.due_date),
      ...(overdue && remote.status === 'open' && !local.overdueAt ? { overdueAt: new Date() } : {}),
    },
  });
  await refreshAccountStanding({ accountId: local.accountId });
}
