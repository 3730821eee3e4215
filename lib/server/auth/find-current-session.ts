import 'server-only';

import { db } from '@/lib/db';

import { isSessionCurrent } from './is-session-current';

export type FindCurrentSessionOptions = { userId: string; accountId: string; signedInAt?: number; sessionId?: string };

export type CurrentSession = {
  user: { id: string; email: string; accountId: string };
  /** The session's row (null: a session signed in before rows were kept, or without an id). */
  row: { lastSeenAt: Date } | null;
};

/**
 * A session token's user and session, in one query, if the session is still on: the user exists
 * in the token's account, has not signed out since, and this session was not ended on its own.
 */
export async function findCurrentSession({
  userId,
  accountId,
  signedInAt,
  sessionId,
}: FindCurrentSessionOptions): Promise<CurrentSession | null> {
  const user = await db.user.findFirst({
    where: { id: userId, accountId },
    select: {
      id: true,
      email: true,
      accountId: true,
      sessionsValidFrom: true,
      keptSessionId: true,
      sessions: sessionId ? { where: { id: sessionId }, select: { lastSeenAt: true, endedAt: true } } : false,
    },
  });
  if (!user) return null;
  const row = user.sessions?.[0] ?? null;
  if (!isSessionCurrent(signedInAt, user.sessionsValidFrom, sessionId, user.keptSessionId, row?.endedAt)) return null;
  return {
    user: { id: user.id, email: user.email, accountId: user.accountId },
    row: row ? { lastSeenAt: row.lastSeenAt } : null,
  };
}
