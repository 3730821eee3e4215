import 'server-only';

import { db } from '@/lib/db';
import { Prisma } from '@/lib/generated/prisma/client';
import { hashPassword } from '@/lib/server/auth/hash-password';

import { sendPasswordChangedMail } from './send-password-changed-mail';
import { checkUserToken, type TokenCheck } from './user-token';

export type SecureAccountOptions = { token: string; password: string; now?: Date };

export type SecureAccountResult =
  | { ok: true; email: string }
  | Exclude<TokenCheck, { ok: true }>
  | { ok: false; reason: 'email_taken' };

/**
 * Uses a recovery link mailed to an account's previous address (sendEmailChangeNotice): that
 * address becomes the account's verified email again, the new password replaces the old one,
 * every session ends, every other link still out (a pending change, a reset mailed to the
 * address that took over) stops working, and OAuth sign-ins linked since the link was mailed are
 * unlinked (two-factor sign-in turned on since is turned off). One transaction: all of it or none.
 */
export async function secureAccount({
  token,
  password,
  now = new Date(),
}: SecureAccountOptions): Promise<SecureAccountResult> {
  const check = await checkUserToken({ token, purpose: 'account_recovery', now });
  if (!check.ok) return check;
  const passwordHash = await hashPassword(password);
  try {
    const result = await db.$transaction(async (tx) => {
      const used = await tx.userToken.updateMany({
        where: { id: check.tokenId, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (used.count !== 1) return { ok: false as const, reason: 'used' as const };
      const { createdAt: mailedAt } = await tx.userToken.findUniqueOrThrow({
        where: { id: check.tokenId },
        select: { createdAt: true },
      });
      // Every other link ends, but recovery links mailed before this one to other addresses: an
      // earlier owner of the account keeps their way back, whatever a later address does.
      await tx.userToken.updateMany({
        where: {
          userId: check.userId,
          usedAt: null,
          NOT: { purpose: 'account_recovery', createdAt: { lt: mailedAt }, email: { not: check.email } },
        },
        data: { usedAt: now },
      });
      // Sign-in identities linked since this link was mailed came through the address that took
      // over (a provider vouching for it): they go with it.
      await tx.authIdentity.deleteMany({ where: { userId: check.userId, createdAt: { gte: mailedAt } } });
      // So did two-factor sign-in turned on since (it would keep the owner out): it is turned off.
      const twoFactorOff = { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null };
      await tx.user.updateMany({ where: { id: check.userId, totpEnabledAt: { gte: mailedAt } }, data: twoFactorOff });
      await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: check.userId, user: { totpEnabledAt: null } } });
      const user = await tx.user.update({
        where: { id: check.userId },
        data: { email: check.email, emailVerifiedAt: now, passwordHash, sessionsValidFrom: now, keptSessionId: null },
        select: { accountId: true },
      });
      await tx.account.update({ where: { id: user.accountId }, data: { emailUnverified: false } });
      return { ok: true as const, email: check.email };
    });
    if (result.ok) await sendPasswordChangedMail({ email: result.email, how: 'reset' });
    return result;
  } catch (error) {
    // The previous address has since become another account's.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      return { ok: false, reason: 'email_taken' };
    throw error;
  }
}
