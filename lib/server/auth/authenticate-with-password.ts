import 'server-only';

import { db } from '@/lib/db';
import { sendEmailVerification } from '@/lib/server/account/send-email-verification';
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
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * Checks an email and password, throttled per email and per address: the attempt is counted
 * before the password is checked, so parallel guesses are refused past the limit even while
 * the first ones are still being evaluated. The answer for an unknown email, a user without a
 * password and a wrong password is the same, and takes the same scrypt work.
 *
 * A password sign-up whose address was never verified does not sign in either, and answers the
 * same: otherwise signing up with an address and a password of one's own, then signing in with
 * them, would tell whether the address already had an account. The right password mails a fresh
 * verification link instead (the attempt still counts, so at most a few links per window).
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
  if (await isPendingSignUp(user)) {
    await sendEmailVerification({ userId: user.id, email: user.email });
    return { ok: false, reason: 'invalid' };
  }

  // The email's count is forgotten; the address only gets this attempt back, so that one valid
  // account cannot reset the count of the guesses made from the same address.
  await settleThrottleAttempt({ clear: [emailKey], refund: ipKey ? [ipKey] : [] });
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
