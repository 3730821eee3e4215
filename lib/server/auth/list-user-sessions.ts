import 'server-only';

import { db } from '@/lib/db';
import { env } from '@/lib/env';

import { describeUserAgent } from './describe-user-agent';
import { isSessionCurrent } from './is-session-current';

export type ListedSession = {
  id: string;
  device: string;
  method: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  ip: string | null;
  current: boolean;
};

export type ListUserSessionsOptions = { userId: string; currentSessionId?: string; now?: Date };

/**
 * The user's signed-in sessions, this one first, then by last seen: not ended, not signed out
 * (sign-out, a password change or reset), and not expired (signed in longer ago than SESSION_MAX_AGE:
 * a session's absolute lifetime, whatever its use since).
 */
export async function listUserSessions({
  userId,
  currentSessionId,
  now = new Date(),
}: ListUserSessionsOptions): Promise<ListedSession[]> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      sessionsValidFrom: true,
      keptSessionId: true,
      sessions: {
        where: { endedAt: null, createdAt: { gt: new Date(now.getTime() - env.SESSION_MAX_AGE * 1000) } },
        orderBy: [{ lastSeenAt: 'desc' }, { id: 'asc' }],
      },
    },
  });
  return user.sessions
    .filter((s) => isSessionCurrent(s.createdAt.getTime(), user.sessionsValidFrom, s.id, user.keptSessionId))
    .map((s) => ({
      id: s.id,
      device: describeUserAgent(s.userAgent),
      method: s.method,
      firstSeenAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      ip: s.ip,
      current: s.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
