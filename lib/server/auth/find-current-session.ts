import 'server-only';

import { db } from '@/lib/db';
import { env } from '@/lib/env';

import { isSessionCurrent } from './is-session-current';

export type FindCurrentSessionOptions = {
  userId: string;
  accountId: string;
  signedInAt?: number;
  sessionId?: string;
  now?: Date;
};

export type CurrentSession = {
  user: { id: string; email: string; accountId: string };
  /** The session's row. */
  row: { lastSeenAt: Date };
};

/** Whether a session signed in at `signedInAt` is past its absolute lifetime (SESSION_MAX_AGE from sign-in). */
function isSessionExpired(signedInAt: number, now: Date = new Date()): boolean {
  return now.getTime() >= signedInAt + env.SESSION_MAX_AGE * 1000;
}

/**
 * A session token's user and session, in one query, if the session is still on: the token names a
 * session (id and sign-in time) signed in less than SESSION_MAX_AGE ago, whatever its use since;
 * the session's row exists and was not ended; the user exists in the token's account and has not
 * signed out since. A token whose row is missing (pruned, or never made) is refused: it may be one
 * ended from the sessions list whose row was forgotten since.
 */
export async function findCurrentSession({
  userId,
  accountId,
  signedInAt,
  sessionId,
  now = new Date(),
}: FindCurrentSessionOptions): Promise<CurrentSession | null> {
  if (sessionId === undefined || signedInAt === undefined || isSessionExpired(signedInAt, now)) return null;
  const user = await db.user.findFirst({
    where: { id: userId, accountId },
    select: {
      id: true,
      email: true,
      accountId: true,
      sessionsValidFrom: true,
      keptSessionId: true,
      sessions: { where: { id: sessionId }, select: { lastSeenAt: true, endedAt: true, createdAt: true } },
    },
  });
  if (!user) return null;
  const row = user.sessions[0];
  // The row must be this sign-in's: a token naming another time than its row is not one we issued.
  if (!row || row.createdAt.getTime() !== signedInAt) return null;
  if (!isSessionCurrent(signedInAt, user.sessionsValidFrom, sessionId, user.keptSessionId, row.endedAt)) return null;
  return { user: { id: user.id, email: user.email, accountId: user.accountId }, row: { lastSeenAt: row.lastSeenAt } };
}
