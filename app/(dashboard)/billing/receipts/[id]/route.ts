// GET /billing/receipts/<ledger line id>: the PDF receipt of a purchase or recharge of credits
// (the credit ledger on /billing and the receipt mail link here); 404 for anyone else's.
import { notFound } from 'next/navigation';

import { requireSession } from '@/lib/auth/require-session';
import { creditReceiptPdf, findCreditReceipt } from '@/lib/server/billing/credit-receipt';

export const dynamic = 'force-dynamic';

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { accountId } = await requireSession();
  const { id } = await params;
  const receipt = await findCreditReceipt({ accountId, entryId: id });
  if (!receipt) notFound();
  const pdf = await creditReceiptPdf(receipt);
  return new Response(Buffer.from(pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="receipt-${receipt.number}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
