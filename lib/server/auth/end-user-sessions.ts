import 'server-only';

import { db } from '@/lib/db';

export type EndUserSessionsOptions = {
  userId: string;
  /** The session asking ("sign out other sessions"): it stays signed in. */
  keepSessionId?: string;
};

/** Ends every session of the user signed in before now, but the kept one (sign-out; see getConsoleSession). */
export async function endUserSessions({ userId, keepSessionId }: EndUserSessionsOptions): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionsValidFrom: new Date(), keptSessionId: keepSessionId ?? null } });
}
