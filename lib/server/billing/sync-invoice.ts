import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { db } from '@/lib/db';
import type { InvoiceStatus } from '@/lib/generated/prisma/client';

import { emitInvoiceEvents, invoiceEventSelect } from './invoice-events';
import { refreshAccountStanding } from './refresh-account-standing';

export type SyncInvoiceOptions = {
  stripeInvoiceId: string;
  /** Stripe said it is past due (invoice.overdue): authoritative, whatever our clock says of its due date. */
  overdue?: boolean;
};

const statuses = new Set<InvoiceStatus>(['draft', 'open', 'paid', 'uncollectible', 'void']);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * Whether the invoice's last charge waits for the customer's authentication (3D Secure): its open
 * payment's PaymentIntent is in `requires_action`, as Stripe leaves an off-session charge the bank
 * wants authenticated (and announces with invoice.payment_action_required); the customer completes
 * it on the hosted invoice page.
 */
function needsAuthentication(invoice: Stripe.Invoice): boolean {
  return (invoice.payments?.data ?? []).some((payment) => {
    const intent = payment.payment.payment_intent;
    return payment.status === 'open' && typeof intent === 'object' && intent?.status === 'requires_action';
  });
}

/**
 * Copies an invoice's state from Stripe (re-read, whatever event announced it, so events
 * arriving out of order end in Stripe's current state), then re-decides the account's standing.
 */
export async function syncInvoice({ stripeInvoiceId, overdue = false }: SyncInvoiceOptions): Promise<void> {
  // Its payments with their PaymentIntents: one left in requires_action waits for the customer's 3D Secure.
  const remote: Stripe.Invoice = await stripe().invoices.retrieve(stripeInvoiceId, {
    expand: ['payments.data.payment.payment_intent'],
  });
  const invoiceId = remote.metadata?.invoiceId;
  const local = await db.invoice.findFirst({
    where: invoiceId ? { OR: [{ stripeInvoiceId }, { id: invoiceId }] } : { stripeInvoiceId },
    select: { id: true, accountId: true, overdueAt: true },
  });
  if (!local) return; // not one of ours (made by hand in the dashboard)
  await db.$transaction(async (tx) => {
    // The row lock orders two syncs of one invoice (two events at once), so each change is told once.
    // NO KEY UPDATE, the lock the UPDATE below takes anyway: FOR UPDATE would also wait on a
    // transaction that only references the invoice (a key share), and one of those waits on this sync.
    await tx.$executeRaw`SELECT 1 FROM "Invoice" WHERE id = ${local.id} FOR NO KEY UPDATE`;
    const before = await tx.invoice.findUniqueOrThrow({
      where: { id: local.id },
      select: { status: true, finalizedAt: true, attemptCount: true },
    });
    const after = await tx.invoice.update({
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
        paymentActionRequired: remote.status === 'open' && needsAuthentication(remote),
        ...(overdue && remote.status === 'open' && !local.overdueAt ? { overdueAt: new Date() } : {}),
      },
      select: invoiceEventSelect,
    });
    await emitInvoiceEvents(tx, before, after);
  });
  await refreshAccountStanding({ accountId: local.accountId });
}
