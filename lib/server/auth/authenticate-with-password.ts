import 'server-only';

import { findUserByEmail } from '@/lib/server/accounts/find-user-by-email';

import { settleThrottleAttempt } from './settle-throttle-attempt';
import { takeThrottleAttempt } from './take-throttle-attempt';
import { throttleKeyForEmail, throttleKeyForIp } from './throttle-policy';
import { verifyPassword } from './verify-password';

export type AuthenticateWithPasswordOptions = {
  email: string;
  password: string;
  /** The client address, or null when unknown (then only the email is throttled). */
  ip: string | null;
};

export type AuthenticateWithPasswordResult =
  | { ok: true; user: { id: string; email: string; accountId: string } }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * Checks an email and password, throttled per email and per address: the attempt is counted
 * before the password is checked, so parallel guesses are refused past the limit even while
 * the first ones are still being evaluated. The answer for an unknown email, a user without a
 * password and a wrong password is the same, and takes the same scrypt work.
 */
export async function authenticateWithPassword({
  email,
  password,
  ip,
}: AuthenticateWithPasswordOptions): Promise<AuthenticateWithPasswordResult> {
  const emailKey = throttleKeyForEmail(email);
  const ipKey = ip ? throttleKeyForIp(ip) : null;

  const lockedForMs = await takeThrottleAttempt({ keys: ipKey ? [emailKey, ipKey] : [emailKey] });
  if (lockedForMs > 0) {
    return { ok: false, reason: 'locked', retryAfterMinutes: Math.max(1, Math.ceil(lockedForMs / 60_000)) };
  }

  const user = await findUserByEmail({ email });
  const matches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !matches) return { ok: false, reason: 'invalid' };

  // The email's count is forgotten; the address only gets this attempt back, so that one valid
  // account cannot reset the count of the guesses made from the same address.
  await settleThrottleAttempt({ clear: [emailKey], refund: ipKey ? [ipKey] : [] });
  return { ok: true, user: { id: user.id, email: user.email, accountId: user.accountId } };
}
