import 'server-only';

import { db } from '@/lib/db';

export type ClearSignInThrottleOptions = { keys: string[] };

/** Forgets past failures, after a successful sign-in. */
export async function clearSignInThrottle({ keys }: ClearSignInThrottleOptions): Promise<void> {
  await db.signInThrottle.deleteMany({ where: { key: { in: keys } } });
}
