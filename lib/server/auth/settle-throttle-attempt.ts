import 'server-only';

import { db } from '@/lib/db';

import { throttlePolicyFor } from './throttle-policy';

export type SettleThrottleAttemptOptions = {
  /** Keys whose count a success forgets (the email signed in to). */
  clear: string[];
  /** Keys a success gives its attempt back to (a shared address keeps its other failures). */
  refund: string[];
};

/** After a successful sign-in: the attempt taken by takeThrottleAttempt was not a failure. */
export async function settleThrottleAttempt({ clear, refund }: SettleThrottleAttemptOptions): Promise<void> {
  if (clear.length) await db.signInThrottle.deleteMany({ where: { key: { in: clear } } });
  for (const key of refund) {
    const { limit } = throttlePolicyFor(key);
    await db.$executeRaw`
      UPDATE "SignInThrottle"
      SET failures = GREATEST(0, failures - 1),
          "lockedUntil" = CASE WHEN failures - 1 < ${limit} THEN NULL ELSE "lockedUntil" END
      WHERE key = ${key}`;
  }
}
