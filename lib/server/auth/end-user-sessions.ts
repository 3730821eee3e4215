import 'server-only';

import { db } from '@/lib/db';

export type EndUserSessionsOptions = { userId: string };

/** Ends every session of the user signed in before now (sign-out; see getConsoleSession). */
export async function endUserSessions({ userId }: EndUserSessionsOptions): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { sessionsValidFrom: new Date() } });
}
