import 'server-only';

import { notFound, redirect } from 'next/navigation';

import { requireSession } from '@/lib/auth/require-session';
import { findInvoiceDocument } from '@/lib/server/billing/find-invoice-document';

/** Sends the signed-in owner to the invoice's current page or PDF in Stripe; 404 for anyone else's. */
export async function redirectToInvoice(params: Promise<{ id: string }>, view: 'page' | 'pdf'): Promise<never> {
  const session = await requireSession();
  const { id } = await params;
  const url = await findInvoiceDocument({ accountId: session.accountId, invoiceId: id, view });
  if (!url) notFound();
  redirect(url);
}
