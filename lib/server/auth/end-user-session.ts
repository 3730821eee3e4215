import 'server-only';

import { db } from '@/lib/db';

export type EndUserSessionOptions = { userId: string; sessionId: string; now?: Date };

/**
 * Ends one of the user's sessions (from the sessions list): its token is refused from its next
 * request on. False when the user has no such session on (another user's reads as unknown).
 */
export async function endUserSession({ userId, sessionId, now = new Date() }: EndUserSessionOptions): Promise<boolean> {
  const ended = await db.userSession.updateMany({
    where: { id: sessionId, userId, endedAt: null },
    data: { endedAt: now },
  });
  return ended.count === 1;
}
