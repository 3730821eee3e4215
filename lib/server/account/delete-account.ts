import 'server-only';

import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { consoleUrl } from '@/lib/server/account/console-url';
import { settleBeforeDeletion } from '@/lib/server/billing/settle-before-deletion';

export type DeleteAccountOptions = {
  accountId: string;
  /** Tests: runs inside the transaction while the account row is locked, before anything is checked. */
  whileLocked?: (tx: Prisma.TransactionClient) => Promise<void>;
};

/** Why a deletion was refused: money is owed (an invoice), or the account is blocked until it is settled. */
export type DeleteAccountRefusal = 'unpaid_invoice' | 'account_blocked';

export type DeleteAccountResult =
  | { ok: true }
  /** unpaid_invoice: what is owed (cents) and where to pay it (an invoice's page, or /billing). */
  | { ok: false; reason: 'unpaid_invoice'; dueCents: number; payUrl: string }
  | { ok: false; reason: 'account_blocked' };

/**
 * Deletes an account at its owner's request. First every month with usage no invoice covers yet
 * is closed, the current one included, and charged to the card (settle-before-deletion.ts). Refused while money is owed: an invoice open or
 * uncollectible, a draft invoice with an amount (being sent), or a block of any cause (a failed
 * payment, a lost dispute not yet settled), so that nobody walks away from a debt and signs up
 * again clean. Every key stops at once (the API servers hear of it through the key and account
 * triggers, and refuse keys of a deleted account); personal data goes: users' emails (replaced by
 * a placeholder), names, passwords, OAuth links, mailed tokens and the card label. The Stripe
 * customer reference stays until the daily sweep finds nothing left to bill (a call in flight
 * during the deletion is billed after it: release-deleted-billing.ts). Usage, invoices and key
 * events stay: they are billing records the law requires us to keep. Sessions end with the users.
 */
export async function deleteAccount({ accountId, whileLocked }: DeleteAccountOptions): Promise<DeleteAccountResult> {
  const now = new Date();
  const settlement = await settleBeforeDeletion({ accountId, now });
  if (!settlement.settled) {
    return { ok: false, reason: 'unpaid_invoice', dueCents: settlement.dueCents, payUrl: settlement.payUrl };
  }
  return db.$transaction(async (tx): Promise<DeleteAccountResult> => {
    // Locks the account row: a month close, webhook or key creation cannot slip in halfway through.
    const [account] = await tx.$queryRaw<{ blocked: boolean }[]>`
      SELECT "blockedAt" IS NOT NULL AS blocked FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
    await whileLocked?.(tx);
    // An invoice that became unpaid since the settlement (a late decline).
    const unpaid = await tx.invoice.aggregate({
      where: {
        accountId,
        OR: [{ status: { in: ['open', 'uncollectible'] } }, { status: 'draft', amountCents: { gt: 0 } }],
      },
      _count: true,
      _sum: { amountCents: true },
    });
    if (unpaid._count > 0) {
      return {
        ok: false,
        reason: 'unpaid_invoice',
        dueCents: unpaid._sum.amountCents ?? 0,
        payUrl: consoleUrl('/billing'),
      };
    }
    if (account?.blocked) return { ok: false, reason: 'account_blocked' };
    await tx.apiKey.updateMany({
      where: { accountId, status: { not: 'deleted' } },
      data: { status: 'deleted', deletedAt: now },
    });
    const users = await tx.user.findMany({ where: { accountId }, select: { id: true } });
    for (const user of users) {
      await tx.authIdentity.deleteMany({ where: { userId: user.id } });
      await tx.userToken.deleteMany({ where: { userId: user.id } });
      await tx.user.update({
        where: { id: user.id },
        data: {
          email: `deleted-${user.id}@deleted.invalid`,
          name: null,
          passwordHash: null,
          emailVerifiedAt: null,
          sessionsValidFrom: now,
          keptSessionId: null,
        },
      });
    }
    await tx.apiKeyEvent.updateMany({ where: { accountId }, data: { actorLabel: 'deleted user' } });
    await tx.account.update({
      where: { id: accountId },
      data: {
        deletedAt: now,
        name: null,
        paymentMethodLabel: null,
      },
    });
    return { ok: true };
  });
}
