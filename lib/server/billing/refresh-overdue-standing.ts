import 'server-only';

import { db } from '@/lib/db';

import { refreshAccountStanding } from './refresh-account-standing';

export type RefreshOverdueStandingOptions = { now?: Date };

/**
 * Blocks the accounts with an invoice past its due date that does not block them yet (Stripe's
 * invoice.overdue does the same, when it is delivered): the check behind the hourly job, also
 * safe to call from any sweep. The number of accounts refreshed.
 */
export async function refreshOverdueStanding({
  now = new Date(),
}: RefreshOverdueStandingOptions = {}): Promise<number> {
  const overdue = await db.invoice.findMany({
    where: { status: 'open', dueAt: { lte: now }, blocks: { none: { cause: 'overdue_invoice' } } },
    distinct: ['accountId'],
    select: { accountId: true },
  });
  for (const { accountId } of overdue) await refreshAccountStanding({ accountId, now });
  return overdue.length;
}
