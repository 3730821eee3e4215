import 'server-only';

import { auth } from '@/lib/auth';

import { findCurrentSession } from '@/lib/server/auth/find-current-session';

export type ConsoleSession = {
  userId: string;
  accountId: string;
  email: string;
  /** This sign-in's id (sessions from before ids existed have none). */
  sessionId?: string;
  /** When this session signed in (ms since epoch), for changes that need a recent sign-in. */
  signedInAt?: number;
};

/**
 * The signed-in user, checked against the database (a token can outlive its user, its sign-out or
 * its session ended from the sessions list), or null.
 */
export async function getConsoleSession(): Promise<ConsoleSession | null> {
  const session = await auth();
  const userId = session?.user?.id;
  const accountId = session?.user?.accountId;
  if (!userId || !accountId) return null;
  const current = await findCurrentSession({
    userId,
    accountId,
    signedInAt: session.signedInAt,
    sessionId: session.sessionId,
  });
  if (!current) return null;
  const { user } = current;
  return {
    userId: user.id,
    accountId: user.accountId,
    email: user.email,
    sessionId: session.sessionId,
    signedInAt: session.signedInAt,
  };
}
