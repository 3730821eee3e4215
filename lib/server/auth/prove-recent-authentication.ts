import 'server-only';

import { db } from '@/lib/db';

import { isRecentSignIn } from './recent-sign-in';
import { verifyCurrentPassword } from './verify-current-password';
import { verifyTwoFactorCode } from './verify-two-factor-code';

export type RecentAuthenticationProof = {
  userId: string;
  /** The current password, as typed ('' when the form had none). */
  currentPassword: string;
  /** A current two-factor code or an unused recovery code ('' when none was typed). */
  code?: string;
  /** When the asking session signed in (ms): stands in for a password the user does not have. */
  signedInAt: number | undefined;
  ip: string | null;
  now?: Date;
};

export type RecentAuthenticationResult =
  | { ok: true }
  | { ok: false; reason: 'proof_required' | 'wrong_password' | 'wrong_code' | 'sign_in_again' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * The proof a sensitive change asks for beyond a session (which may be borrowed: a stolen cookie,
 * an unlocked browser): the current password, or a current two-factor code, or for a user with no
 * password a sign-in within the last ten minutes. Wrong passwords and codes are throttled as at
 * sign-in. Email change, two-factor on and off, new recovery codes, deleting the account, and
 * linking or removing a sign-in method all take this one rule.
 */
export async function proveRecentAuthentication({
  userId,
  currentPassword,
  code = '',
  signedInAt,
  ip,
  now = new Date(),
}: RecentAuthenticationProof): Promise<RecentAuthenticationResult> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { passwordHash: true, totpEnabledAt: true },
  });
  if (code && user.totpEnabledAt) {
    const checked = await verifyTwoFactorCode({ userId, code, ip, now });
    if (checked.ok) return { ok: true };
    return checked.reason === 'locked' ? checked : { ok: false, reason: 'wrong_code' };
  }
  if (user.passwordHash !== null) {
    // An empty field is a slip, not a guess: it does not count against the throttle.
    if (!currentPassword) return { ok: false, reason: 'proof_required' };
    const checked = await verifyCurrentPassword({ userId, password: currentPassword, ip });
    if (checked.ok) return { ok: true };
    return checked.reason === 'locked' ? checked : { ok: false, reason: 'wrong_password' };
  }
  return isRecentSignIn(signedInAt, now) ? { ok: true } : { ok: false, reason: 'sign_in_again' };
}
