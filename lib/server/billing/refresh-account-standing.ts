import 'server-only';

import { db } from '@/lib/db';

export type RefreshAccountStandingOptions = { accountId: string };

/** Why an account must be blocked, from its invoices and disputes, or null when it may be served. */
async function blockReason(accountId: string): Promise<string | null> {
  const unpaid = await db.invoice.findFirst({
    where: { accountId, OR: [{ status: 'uncollectible' }, { status: 'open', attemptCount: { gt: 0 } }] },
    orderBy: { createdAt: 'asc' },
    select: { status: true, month: true, number: true },
  });
  if (unpaid) {
    const name = `invoice ${unpaid.number ?? ''} for ${unpaid.month}`.replace('  ', ' ');
    return unpaid.status === 'uncollectible' ? `The ${name} could not be collected.` : `The payment of the ${name} failed.`;
  }
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { blockedReason: true } });
  // A lost dispute stays until the operator lifts it (npm run console -- set-billing).
  return account.blockedReason?.startsWith('A payment was disputed') ? account.blockedReason : null;
}

/**
 * Blocks an account while a payment of it has failed (or a dispute was lost) and unblocks it
 * once nothing is unpaid. Only a change is written: the trigger on "blockedAt" tells every API
 * server, which answer 403 account_blocked, or serve again, from the next request.
 */
export async function refreshAccountStanding({ accountId }: RefreshAccountStandingOptions): Promise<void> {
  const reason = await blockReason(accountId);
  if (reason) {
    await db.account.updateMany({ where: { id: accountId, blockedAt: null }, data: { blockedAt: new Date(), blockedReason: reason } });
    await db.account.updateMany({ where: { id: accountId, NOT: { blockedReason: reason } }, data: { blockedReason: reason } });
  } else {
    await db.account.updateMany({ where: { id: accountId, NOT: { blockedAt: null } }, data: { blockedAt: null, blockedReason: null } });
  }
}
