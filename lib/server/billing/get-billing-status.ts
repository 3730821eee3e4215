import 'server-only';

import { db } from '@/lib/db';
import { findAccountEmails } from '@/lib/server/account/find-account-emails';

import { findUnclosedMonths } from './find-unclosed-months';

export type GetBillingStatusOptions = { now?: Date };

/**
 * The operator's view of month closes (`npm run console -- billing-status`): the closes that
 * failed and are not resolved yet, and every past month still to close, with each account's
 * first email.
 */
export async function getBillingStatus({ now = new Date() }: GetBillingStatusOptions = {}) {
  const [failures, unclosed] = await Promise.all([
    db.monthCloseFailure.findMany({
      where: { resolvedAt: null },
      orderBy: [{ month: 'asc' }, { firstFailedAt: 'asc' }],
    }),
    findUnclosedMonths({ now }),
  ]);
  const emails = await findAccountEmails({
    accountIds: [...failures.map((f) => f.accountId), ...unclosed.map((u) => u.accountId)],
  });
  const email = (accountId: string) => emails.get(accountId) ?? null;
  return {
    failures: failures.map((f) => ({ ...f, email: email(f.accountId) })),
    unclosed: unclosed.map((u) => ({ ...u, email: email(u.accountId) })),
  };
}
