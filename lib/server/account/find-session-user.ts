import 'server-only';

import { db } from '@/lib/db';

export type FindSessionUserOptions = { userId: string; accountId: string };

/** The session's user, only if it still exists and still belongs to the session's account. */
export async function findSessionUser({ userId, accountId }: FindSessionUserOptions) {
  return db.user.findFirst({
    where: { id: userId, accountId },
    select: { id: true, email: true, accountId: true, sessionsValidFrom: true, keptSessionId: true },
  });
}
