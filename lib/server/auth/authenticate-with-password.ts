import 'server-only';

import { findUserByEmail } from '@/lib/server/accounts/find-user-by-email';

import { checkSignInThrottle } from './check-sign-in-throttle';
import { clearSignInThrottle } from './clear-sign-in-throttle';
import { recordSignInFailure } from './record-sign-in-failure';
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
 * Checks an email and password, throttled per email and per address. The answer for an
 * unknown email, a user without a password and a wrong password is the same, and takes the
 * same scrypt work.
 */
export async function authenticateWithPassword({
  email,
  password,
  ip,
}: AuthenticateWithPasswordOptions): Promise<AuthenticateWithPasswordResult> {
  const emailKey = throttleKeyForEmail(email);
  const keys = ip ? [emailKey, throttleKeyForIp(ip)] : [emailKey];

  const lockedForMs = await checkSignInThrottle({ keys });
  if (lockedForMs > 0) {
    return { ok: false, reason: 'locked', retryAfterMinutes: Math.max(1, Math.ceil(lockedForMs / 60_000)) };
  }

  const user = await findUserByEmail({ email });
  const matches = await verifyPassword(password, user?.passwordHash ?? null);
  if (!user || !matches) {
    await recordSignInFailure({ keys });
    return { ok: false, reason: 'invalid' };
  }

  // Only the email's counter: clearing the address would let one valid account reset it.
  await clearSignInThrottle({ keys: [emailKey] });
  return { ok: true, user: { id: user.id, email: user.email, accountId: user.accountId } };
}
