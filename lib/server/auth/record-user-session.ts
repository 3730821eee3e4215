import 'server-only';

import { env } from '@/lib/env';
import { db } from '@/lib/db';

/** How often a session's "last seen" (and address) is written: at most once a minute. */
const LAST_SEEN_EVERY_MS = 60_000;
// A session lives SESSION_MAX_AGE from its sign-in (findCurrentSession), so its row is of no use
// after that; a day more is margin. A token whose row is gone is refused either way.
const FORGET_AFTER_MS = () => env.SESSION_MAX_AGE * 1000 + 24 * 3600_000;

export type RecordUserSessionOptions = {
  sessionId: string;
  userId: string;
  signedInAt: number;
  userAgent: string | null;
  ip: string | null;
  /** password, password+code, github, google. */
  method: string;
};

/** A row for a session that just signed in; rows long past any token's life are dropped. */
export async function recordUserSession({
  sessionId,
  userId,
  signedInAt,
  userAgent,
  ip,
  method,
}: RecordUserSessionOptions): Promise<void> {
  const at = new Date(signedInAt);
  await db.userSession.deleteMany({ where: { userId, createdAt: { lt: new Date(signedInAt - FORGET_AFTER_MS()) } } });
  await db.userSession.create({
    data: {
      id: sessionId,
      userId,
      createdAt: at,
      lastSeenAt: at,
      userAgent: userAgent?.slice(0, 512) ?? null,
      ip,
      method,
    },
  });
}

export type NoteSessionSeenOptions = {
  sessionId: string;
  userId: string;
  /** The row's last seen, as read with the session. */
  lastSeenAt: Date;
  ip: string | null;
  now?: Date;
};

/**
 * A session was used: its last seen and address are written when a minute has passed (one
 * conditional update, so parallel requests write once). Never makes a row: a session without one
 * is refused (findCurrentSession).
 */
export async function noteSessionSeen({
  sessionId,
  userId,
  lastSeenAt,
  ip,
  now = new Date(),
}: NoteSessionSeenOptions): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await db.userSession.updateMany({
    where: { id: sessionId, userId, lastSeenAt: { lt: new Date(now.getTime() - LAST_SEEN_EVERY_MS) } },
    data: { lastSeenAt: now, ...(ip ? { ip } : {}) },
  });
}
