import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';

import { sendEmailChangeNotice } from './send-email-change-notice';
import { checkUserToken } from './user-token';

export type VerifyEmailResult =
  | { ok: true; email: string; changed: boolean }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'email_taken' };

/**
 * Uses a mailed verification token: the address it was sent to becomes the user's verified email
 * (a change of address takes effect here, not when it was asked for, and the previous address is
 * told, with a recovery link), and the account may go past the free tier.
 */
export async function verifyEmail({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): Promise<VerifyEmailResult> {
  const check = await checkUserToken({ token, purpose: 'email_verification', now });
  if (!check.ok) return check;
  let result: VerifyEmailResult & { previousEmail?: string };
  try {
    result = await db.$transaction(async (tx) => {
      const used = await tx.userToken.updateMany({
        where: { id: check.tokenId, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (used.count !== 1) return { ok: false as const, reason: 'used' as const };
      const before = await tx.user.findUniqueOrThrow({ where: { id: check.userId }, select: { email: true } });
      const changed = before.email !== check.email;
      const user = await tx.user.update({
        where: { id: check.userId },
        data: { email: check.email, emailVerifiedAt: now },
        select: { accountId: true },
      });
      await tx.account.update({ where: { id: user.accountId }, data: { emailUnverified: false } });
      return { ok: true as const, email: check.email, changed, previousEmail: before.email };
    });
  } catch (error) {
    // Someone else took the address between the request and the click.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      return { ok: false, reason: 'email_taken' };
    throw error;
  }
  if (!result.ok) return result;
  if (result.changed && result.previousEmail) {
    await sendEmailChangeNotice({
      userId: check.userId,
      previousEmail: result.previousEmail,
      newEmail: result.email,
      stage: 'changed',
    });
  }
  return { ok: true, email: result.email, changed: result.changed };
}
