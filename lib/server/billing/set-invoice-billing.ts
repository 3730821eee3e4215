import 'server-only';

import { db } from '@/lib/db';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';

export type SetInvoiceBillingOptions = { email: string; invoice: boolean };

/**
 * Marks the account of this email as billed by invoice (enterprise customers, load tests), which
 * counts as a payment method on file: calls beyond the free tier are served and billed. The API
 * servers learn of it at once through the account trigger (prisma/functions.sql).
 */
export async function setInvoiceBilling({ email, invoice }: SetInvoiceBillingOptions) {
  const user = await findUserByEmail({ email });
  if (!user) return null;
  return db.account.update({
    where: { id: user.accountId },
    data: { billingByInvoice: invoice },
    select: { id: true, billingByInvoice: true, hasPaymentMethod: true },
  });
}
