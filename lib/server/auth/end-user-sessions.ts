import 'server-only';

import { db } from '@/lib/db';

export type EndUserSessionsOptions = {
  userId: string;
  /** The session asking ("sign out other sessions"): it stays signed in. */
  keepSessionId?: string;
};

/**
 * Ends every session of the user signed in before now, but the kept one (sign-out; see
 * getConsoleSession). The sessions' rows are marked ended too, for the list.
 */
export async function endUserSessions({ userId, keepSessionId }: EndUserSessionsOptions): Promise<void> {
  const now = new Date();
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { sessionsValidFrom: now, keptSessionId: keepSessionId ?? null } }),
    db.userSession.updateMany({
      where: { userId, endedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      data: { endedAt: now },
    }),
  ]);
}
