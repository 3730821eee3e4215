import 'server-only';

import { db } from '@/lib/db';

export type SetSpendingCapsOptions = {
  accountId: string;
  dailyCapMicros: bigint | null;
  monthlyCapMicros: bigint | null;
};

/** Sets or clears the account's caps; the API applies them from the next request (the auth notification). */
export async function setSpendingCaps({
  accountId,
  dailyCapMicros,
  monthlyCapMicros,
}: SetSpendingCapsOptions): Promise<void> {
  await db.account.update({ where: { id: accountId }, data: { dailyCapMicros, monthlyCapMicros } });
}
