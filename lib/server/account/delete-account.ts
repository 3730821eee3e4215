import 'server-only';

import { db } from '@/lib/db';

export type DeleteAccountOptions = { accountId: string };

export type DeleteAccountResult = { ok: true } | { ok: false; reason: 'unpaid_invoice' };

/**
 * Deletes an account at its owner's request. Refused while an invoice is unpaid (open or being
 * collected). Every key stops at once (the API servers hear of it through the key trigger);
 * personal data goes: users' emails (replaced by a placeholder), names, passwords, OAuth links,
 * mailed tokens, the Stripe customer reference and card label. Usage, invoices and key events
 * stay: they are billing records the law requires us to keep. Sessions end with the users.
 */
export async function deleteAccount({ accountId }: DeleteAccountOptions): Promise<DeleteAccountResult> {
  const now = new Date();
  return db.$transaction(async (tx) => {
    // Locks the account row: a month close or webhook cannot add an invoice halfway through.
    await tx.$queryRaw`SELECT id FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
    const unpaid = await tx.invoice.count({ where: { accountId, status: { in: ['open', 'draft'] }, amountCents: { gt: 0 } } });
    if (unpaid > 0) return { ok: false as const, reason: 'unpaid_invoice' as const };
    await tx.apiKey.updateMany({ where: { accountId, status: { not: 'deleted' } }, data: { status: 'deleted', deletedAt: now } });
    const users = await tx.user.findMany({ where: { accountId }, select: { id: true } });
    for (const user of users) {
      await tx.authIdentity.deleteMany({ where: { userId: user.id } });
      await tx.userToken.deleteMany({ where: { userId: user.id } });
      await tx.user.update({
        where: { id: user.id },
        data: { email: `deleted-${user.id}@deleted.invalid`, name: null, passwordHash: null, emailVerifiedAt: null, sessionsValidFrom: now, keptSessionId: null },
      });
    }
    await tx.apiKeyEvent.updateMany({ where: { accountId }, data: { actorLabel: 'deleted user' } });
    await tx.account.update({
      where: { id: accountId },
      data: { deletedAt: now, name: null, paymentMethodLabel: null, hasPaymentMethod: false, billingByInvoice: false },
    });
    return { ok: true as const };
  });
}
