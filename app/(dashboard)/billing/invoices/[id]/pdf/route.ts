// GET /billing/invoices/<id>/pdf: the invoice's current PDF in Stripe.
import { redirectToInvoice } from '../invoice-redirect';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return redirectToInvoice(params, 'pdf');
}
