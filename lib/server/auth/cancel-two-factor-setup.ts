import 'server-only';

import { db } from '@/lib/db';

/** Forgets a set-up that was started and not confirmed. */
export async function cancelTwoFactorSetup({ userId }: { userId: string }): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { totpPendingSecret: null } });
}
