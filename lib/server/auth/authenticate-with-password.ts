import 'server-only';

import { db } from '@/lib/db';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';

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
  /** twoFactor: the password is right, and a code must follow before the user is signed in. */
  | { ok: true; user: { id: string; email: string; accountId: string }; twoFactor: boolean }
  | { ok: false; reason: 'invalid' }
  /** The password is right, but the address of this sign-up was never verified. */
  | { ok: false; reason: 'unverified' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * Checks an email and password, throttled per email and per address: the attempt is counted
 * before the password is checked, so parallel guesses are refused past the limit even while
 * the first ones are still being evaluated. The answer for an unknown email, a user without a
 * password and a wrong password is the same, and takes the same scrypt work.
 *
 * A password sign-up whose address was never verified does not sign in: with the right password
 * it answers "unverified", so the sign-in page can say so and offer a new link (mailed only when
 * asked: resendSignUpVerification). Nothing is mailed here, so the link the user is about to follow
 * keeps working. The price, accepted for a sign-in that explains itself: someone who signs up with
 * an address and a password of their own learns from this answer that the address had no account.
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
  if (await isPendingSignUp(user)) return { ok: false, reason: 'unverified' };
  const { totpEnabledAt } = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { totpEnabledAt: true },
  });
  return {
    ok: true,
    user: { id: user.id, email: user.email, accountId: user.accountId },
    twoFactor: totpEnabledAt !== null,
  };
}

/** A self-service sign-up whose address has not been verified yet (its account waits for it). */
async function isPendingSignUp(user: { accountId: string; emailVerifiedAt: Date | null }): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  const account = await db.account.findUniqueOrThrow({
    where: { id: user.accountId },
    select: { emailUnverified: true },
  });
  return account.emailUnverified;
}
