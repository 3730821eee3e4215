import 'server-only';

import { db } from '@/lib/db';
import { proveRecentAuthentication } from '@/lib/server/auth/prove-recent-authentication';

import { sendEmailChangeNotice } from './send-email-change-notice';
import { sendEmailVerification } from './send-email-verification';

export type RequestEmailChangeOptions = {
  userId: string;
  /** Normalised (lower case, trimmed): the address to move to. */
  newEmail: string;
  /** Required when the user has a password; ignored otherwise. */
  currentPassword: string;
  /** When the asking session signed in (ms): stands in for the password of OAuth-only users. */
  signedInAt: number | undefined;
  ip: string | null;
  now?: Date;
};

export type RequestEmailChangeResult =
  | { ok: true }
  | { ok: false; reason: 'same_email' | 'password_required' | 'wrong_password' | 'sign_in_again' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

/**
 * A change of email, asked for in the settings. A session alone is not enough (it may be
 * borrowed): the current password, or for users without one a sign-in within the last ten
 * minutes. Then the new address gets a link (the change takes effect when it is followed) and
 * the current address a notice with a recovery link. A taken new address gets no link, and the
 * answer does not say so.
 */
export async function requestEmailChange({
  userId,
  newEmail,
  currentPassword,
  signedInAt,
  ip,
  now = new Date(),
}: RequestEmailChangeOptions): Promise<RequestEmailChangeResult> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  if (newEmail === user.email) return { ok: false, reason: 'same_email' };
  const proof = await proveRecentAuthentication({ userId, currentPassword, signedInAt, ip, now });
  if (!proof.ok) {
    if (proof.reason === 'locked') return proof;
    if (proof.reason === 'sign_in_again') return { ok: false, reason: 'sign_in_again' };
    return { ok: false, reason: proof.reason === 'proof_required' ? 'password_required' : 'wrong_password' };
  }
  const taken = await db.user.findUnique({ where: { email: newEmail }, select: { id: true } });
  if (!taken) await sendEmailVerification({ userId, email: newEmail, change: true });
  await sendEmailChangeNotice({ userId, previousEmail: user.email, newEmail, stage: 'requested' });
  return { ok: true };
}
