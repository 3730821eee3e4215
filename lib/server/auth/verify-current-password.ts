import 'server-only';

import { db } from '@/lib/db';

import { settleThrottleAttempt } from './settle-throttle-attempt';
import { takeThrottleAttempt } from './take-throttle-attempt';
import { throttleKeyForEmail, throttleKeyForIp } from './throttle-policy';
import { verifyPassword } from './verify-password';

export type VerifyCurrentPasswordOptions = {
  userId: string;
  password: string;
  /** The client address, or null when unknown (then only the email is throttled). */
  ip: string | null;
};

export type VerifyCurrentPasswordResult =
  | { ok: true }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * The signed-in user's password asked again before a sensitive change (email, password). Counted
 * on the same keys as sign-in, so a borrowed session cannot guess the password faster here than
 * on the sign-in page, and a lock from either place holds in both.
 */
export async function verifyCurrentPassword({
  userId,
  password,
  ip,
}: VerifyCurrentPasswordOptions): Promise<VerifyCurrentPasswordResult> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
  const emailKey = throttleKeyForEmail(user.email);
  const ipKey = ip ? throttleKeyForIp(ip) : null;
  const lockedForMs = await takeThrottleAttempt({ keys: ipKey ? [emailKey, ipKey] : [emailKey] });
  if (lockedForMs > 0)
    return { ok: false, reason: 'locked', retryAfterMinutes: Math.max(1, Math.ceil(lockedForMs / 60_000)) };
  if (!(await verifyPassword(password, user.passwordHash))) return { ok: false, reason: 'wrong' };
  await settleThrottleAttempt({ clear: [emailKey], refund: ipKey ? [ipKey] : [] });
  return { ok: true };
}
