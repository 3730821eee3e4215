import 'server-only';

import { db } from '@/lib/db';

import { failureLimitFor, lockDurationMs, THROTTLE_WINDOW_MS } from './throttle-policy';

export type RecordSignInFailureOptions = { keys: string[]; now?: Date };

/**
 * Counts one failure against each key. A key that reaches its limit within the window is
 * locked, and the window restarts at the lock so that failing again soon after locks longer;
 * a quiet window resets the count.
 */
export async function recordSignInFailure({ keys, now = new Date() }: RecordSignInFailureOptions): Promise<void> {
  for (const key of keys) {
    await db.$transaction(async (tx) => {
      await tx.$executeRaw`
        INSERT INTO "SignInThrottle" (key, failures, "windowStart")
        VALUES (${key}, 0, ${now}) ON CONFLICT (key) DO NOTHING`;
      // The row lock makes concurrent failures count one after another.
      const [row] = await tx.$queryRaw<{ failures: number; windowStart: Date }[]>`
        SELECT failures, "windowStart" FROM "SignInThrottle" WHERE key = ${key} FOR UPDATE`;
      if (!row) return;
      const windowExpired = now.getTime() - row.windowStart.getTime() > THROTTLE_WINDOW_MS;
      const failures = windowExpired ? 1 : row.failures + 1;
      const lockMs = lockDurationMs(failures, failureLimitFor(key));
      await tx.signInThrottle.update({
        where: { key },
        data: {
          failures,
          windowStart: windowExpired || lockMs > 0 ? now : row.windowStart,
          lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
        },
      });
    });
  }
}
