import 'server-only';

import { db } from '@/lib/db';
import { hashPassword } from '@/lib/server/auth/hash-password';
import { verifyPassword } from '@/lib/server/auth/verify-password';

export type ChangePasswordOptions = {
  userId: string;
  currentPassword: string;
  password: string;
  /** The session making the change: it stays signed in, every other one ends. */
  keepSessionId?: string;
};

/** Changes the password when the current one is right, and ends every other session. */
export async function changePassword({ userId, currentPassword, password, keepSessionId }: ChangePasswordOptions): Promise<{ ok: boolean; email: string }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!(await verifyPassword(currentPassword, user.passwordHash))) return { ok: false, email: user.email };
  await db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(password), sessionsValidFrom: new Date(), keptSessionId: keepSessionId ?? null },
  });
  return { ok: true, email: user.email };
}
