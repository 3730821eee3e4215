// GET /billing/invoices/<id>: the invoice's current hosted page in Stripe (mails and /billing link here).
import { redirectToInvoice } from './invoice-redirect';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return redirectToInvoice(params, 'page');
}
