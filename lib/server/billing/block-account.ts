import 'server-only';

import type { AccountStanding } from './get-account-standing';
import { refreshAccountStanding, type StandingActor } from './refresh-account-standing';

export type BlockAccountOptions = { accountId: string; actor: StandingActor } & (
  | { cause: 'dispute'; stripeDisputeId: string; amountCents: number }
  | { cause: 'operator'; note: string }
);

/**
 * Adds a block that only the operator lifts (npm run console -- unblock): a lost dispute (once
 * per dispute, however often Stripe tells of it) or the operator's own. Invoice blocks are not
 * added here: refreshAccountStanding derives them from the invoices.
 */
export async function blockAccount(options: BlockAccountOptions): Promise<AccountStanding> {
  const { accountId, actor } = options;
  return refreshAccountStanding({
    accountId,
    actor,
    change: async (tx) => {
      if (options.cause === 'dispute') {
        await tx.accountBlock.createMany({
          data: [
            { accountId, cause: 'dispute', stripeDisputeId: options.stripeDisputeId, amountCents: options.amountCents },
          ],
          skipDuplicates: true,
        });
      } else {
        await tx.accountBlock.create({ data: { accountId, cause: 'operator', note: options.note } });
      }
    },
  });
}
