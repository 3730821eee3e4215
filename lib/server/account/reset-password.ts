import 'server-only';

import { db } from '@/lib/db';
import { hashPassword } from '@/lib/server/auth/hash-password';

import { sendPasswordChangedMail } from './send-password-changed-mail';
import { checkUserToken, type TokenCheck } from './user-token';

export type ResetPasswordOptions = { token: string; password: string; now?: Date };

/**
 * Sets a new password with a mailed reset token: the token is used up in the same transaction
 * (a second use, or two at once, fails), every session of the user ends, and a change of email
 * still pending (perhaps asked by whoever had a session) is cancelled. Following the link proved
 * the mailbox, so the address counts as verified too. The address is told afterwards.
 */
export async function resetPassword({
  token,
  password,
  now = new Date(),
}: ResetPasswordOptions): Promise<Exclude<TokenCheck, { ok: true }> | { ok: true }> {
  const check = await checkUserToken({ token, purpose: 'password_reset', now });
  if (!check.ok) return check;
  const passwordHash = await hashPassword(password);
  const result = await db.$transaction(async (tx) => {
    const used = await tx.userToken.updateMany({
      where: { id: check.tokenId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1) return { ok: false as const, reason: 'used' as const };
    const user = await tx.user.update({
      where: { id: check.userId },
      data: {
        passwordHash,
        sessionsValidFrom: now,
        keptSessionId: null,
      },
      select: { accountId: true, email: true },
    });
    await tx.userToken.updateMany({
      where: { userId: check.userId, purpose: 'email_verification', usedAt: null, NOT: { email: user.email } },
      data: { usedAt: now },
    });
    // The link went to the user's current address (not one asked for since): it is theirs.
    if (user.email === check.email) {
      await tx.user.update({ where: { id: check.userId }, data: { emailVerifiedAt: now } });
      await tx.account.update({ where: { id: user.accountId }, data: { emailUnverified: false } });
    }
    return { ok: true as const, email: user.email };
  });
  if (!result.ok) return result;
  await sendPasswordChangedMail({ email: result.email, how: 'reset' });
  return { ok: true };
}

/** Whether a reset link still works, read when it is opened (so a used or expired one says so first). */
export async function checkPasswordResetLink({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<TokenCheck> {
  if (!token) return { ok: false, reason: 'invalid' };
  return checkUserToken({ token, purpose: 'password_reset', now });
}
