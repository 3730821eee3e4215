import 'server-only';

import { db } from '@/lib/db';

import { lockDurationMs, throttlePolicyFor } from './throttle-policy';

export type TakeThrottleAttemptOptions = { keys: string[]; now?: Date };

/**
 * Counts one attempt against every key, in one transaction, before the attempt is evaluated:
 * the check and the count are one step, so attempts in flight count too. Returns 0 when the
 * attempt may go ahead, else the milliseconds until the longest lock among the keys ends.
 *
 * The attempt that reaches a key's limit still goes ahead but locks the key from that moment,
 * so every attempt after it (parallel ones included) is refused; after the lock one more
 * attempt may go ahead, and locks for twice as long (at most MAX_LOCK_MS). A key never locked
 * forgets its count after its window; a locked one keeps escalating until a success clears it
 * (see settleThrottleAttempt) or nothing was attempted for its escalationMs after its last lock
 * ended. (A lock used to restart the window, so the count started over after a 16-minute lock.)
 */
export async function takeThrottleAttempt({ keys, now = new Date() }: TakeThrottleAttemptOptions): Promise<number> {
  // Sorted, so two transactions taking the same keys lock them in the same order.
  const sorted = [...new Set(keys)].sort();
  return db.$transaction(async (tx) => {
    let lockedForMs = 0;
    for (const key of sorted) {
      const { limit, windowMs, escalationMs } = throttlePolicyFor(key);
      await tx.$executeRaw`
        INSERT INTO "SignInThrottle" (key, failures, "windowStart")
        VALUES (${key}, 0, ${now}) ON CONFLICT (key) DO NOTHING`;
      const [row] = await tx.$queryRaw<{ failures: number; windowStart: Date; lockedUntil: Date | null }[]>`
        SELECT failures, "windowStart", "lockedUntil" FROM "SignInThrottle" WHERE key = ${key} FOR UPDATE`;
      if (!row) continue;
      if (row.lockedUntil && row.lockedUntil > now) {
        lockedForMs = Math.max(lockedForMs, row.lockedUntil.getTime() - now.getTime());
        continue;
      }
      // Every attempt after a lock sets the next one, so lockedUntil stays set while the key escalates.
      const forgotten = row.lockedUntil
        ? now.getTime() - row.lockedUntil.getTime() > escalationMs
        : now.getTime() - row.windowStart.getTime() > windowMs;
      const attempts = forgotten ? 1 : row.failures + 1;
      const lockMs = lockDurationMs(attempts, limit);
      await tx.signInThrottle.update({
        where: { key },
        data: {
          failures: attempts,
          // The start of this run of attempts (the wrong-codes mail is sent once per run).
          windowStart: forgotten ? now : row.windowStart,
          lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null,
        },
      });
    }
    return lockedForMs;
  });
}
