import 'server-only';

import type { AccountBlockCause } from '@/lib/generated/prisma/client';

import { refreshAccountStanding } from './refresh-account-standing';

export type UnblockAccountOptions = { accountId: string; reason: string; actorLabel: string };

/**
 * The operator lifts every block the account has (a lost dispute settled, an uncollectible
 * invoice forgiven or paid elsewhere), with a reason recorded in the account's activity. A lifted
 * invoice block does not come back for that invoice; a later failure blocks again. The causes
 * lifted, empty when the account was not blocked.
 */
export async function unblockAccount({
  accountId,
  reason,
  actorLabel,
}: UnblockAccountOptions): Promise<AccountBlockCause[]> {
  let lifted: AccountBlockCause[] = [];
  await refreshAccountStanding({
    accountId,
    actor: { label: actorLabel, reason },
    change: async (tx) => {
      const active = await tx.accountBlock.findMany({
        where: { accountId, liftedAt: null },
        select: { id: true, cause: true },
      });
      lifted = active.map((b) => b.cause);
      await tx.accountBlock.updateMany({
        where: { id: { in: active.map((b) => b.id) } },
        data: { liftedAt: new Date(), liftedBy: actorLabel },
      });
    },
  });
  return lifted;
}
