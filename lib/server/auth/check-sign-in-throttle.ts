import 'server-only';

import { db } from '@/lib/db';

export type CheckSignInThrottleOptions = { keys: string[]; now?: Date };

/** Milliseconds until the latest lock among `keys` ends; 0 when none is locked. */
export async function checkSignInThrottle({ keys, now = new Date() }: CheckSignInThrottleOptions): Promise<number> {
  const rows = await db.signInThrottle.findMany({
    where: { key: { in: keys }, lockedUntil: { gt: now } },
    select: { lockedUntil: true },
  });
  return rows.reduce(
    (longest, row) => Math.max(longest, (row.lockedUntil?.getTime() ?? 0) - now.getTime()),
    0,
  );
}
