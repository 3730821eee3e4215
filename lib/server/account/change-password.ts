import 'server-only';

import { db } from '@/lib/db';
import { hashPassword } from '@/lib/server/auth/hash-password';
import { verifyCurrentPassword, type VerifyCurrentPasswordResult } from '@/lib/server/auth/verify-current-password';

import { sendPasswordChangedMail } from './send-password-changed-mail';

export type ChangePasswordOptions = {
  userId: string;
  currentPassword: string;
  password: string;
  /** The session making the change: it stays signed in, every other one ends. */
  keepSessionId?: string;
  /** The client address, for the wrong-password throttle (null when unknown). */
  ip?: string | null;
};

/**
 * Changes the password when the current one is right (wrong guesses are throttled as at sign-in),
 * ends every other session, and mails the account's address that it happened.
 */
export async function changePassword({
  userId,
  currentPassword,
  password,
  keepSessionId,
  ip = null,
}: ChangePasswordOptions): Promise<VerifyCurrentPasswordResult> {
  const check = await verifyCurrentPassword({ userId, password: currentPassword, ip });
  if (!check.ok) return check;
  const user = await db.user.update({
    where: { id: userId },
    data: {
      passwordHash: await hashPassword(password),
      sessionsValidFrom: new Date(),
      keptSessionId: keepSessionId ?? null,
    },
    select: { email: true },
  });
  await sendPasswordChangedMail({ email: user.email, how: 'changed' });
  return { ok: true };
}
