import 'server-only';

import { stripe } from '@/lib/stripe/client';
import { logger } from '@/lib/observability/logger';
import { db } from '@/lib/db';

export type FindInvoiceDocumentOptions = { accountId: string; invoiceId: string; view: 'page' | 'pdf' };

/**
 * Where the account's invoice can be read now: Stripe's hosted page or PDF, re-read from Stripe
 * (its addresses may change; the Stripe emulator's change with its ports), else the copy saved at
 * the last sync. Null for an invoice of another account, or one Stripe has no page for (a draft,
 * an amount carried forward).
 */
export async function findInvoiceDocument({
  accountId,
  invoiceId,
  view,
}: FindInvoiceDocumentOptions): Promise<string | null> {
  const invoice = await db.invoice.findFirst({
    where: { id: invoiceId, accountId },
    select: { stripeInvoiceId: true, hostedInvoiceUrl: true, invoicePdfUrl: true },
  });
  if (!invoice?.stripeInvoiceId) return null;
  const saved = view === 'pdf' ? invoice.invoicePdfUrl : invoice.hostedInvoiceUrl;
  try {
    const remote = await stripe().invoices.retrieve(invoice.stripeInvoiceId);
    const current = view === 'pdf' ? remote.invoice_pdf : remote.hosted_invoice_url;
    if (current && current !== saved) {
      await db.invoice.update({
        where: { id: invoiceId },
        data: view === 'pdf' ? { invoicePdfUrl: current } : { hostedInvoiceUrl: current },
      });
    }
    return current ?? null;
  } catch (error) {
    // Stripe out of reach: the address saved at the last sync is the best there is.
    logger.error({ err: error, invoiceId }, `invoice ${invoiceId}: could not re-read it from Stripe`);
    return saved;
  }
}
