import 'server-only';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { EmailTakenError } from '@/lib/server/account/email-taken-error';
import { findUserByEmail } from '@/lib/server/account/find-user-by-email';

export type LinkOAuthIdentityOptions = {
  provider: string;
  providerAccountId: string;
  /** Only a verified email may link to or create a user; null refuses the sign-in. */
  verifiedEmail: string | null;
  name?: string | null;
};

/**
 * The user an OAuth sign-in belongs to: the one already linked to this identity, else the user
 * with the same verified email (linked now), else a new account and user.
 *
 * Anyone can sign up with a password under someone else's address, so a password user whose
 * email we never verified does not own it. When the address's verified owner arrives through a
 * provider, the owner wins: the password is removed and every earlier session ends, so whoever
 * set it up beforehand (an account pre-hijack) is shut out, and the user counts as verified.
 */
export async function linkOAuthIdentity({
  provider,
  providerAccountId,
  verifiedEmail,
  name,
}: LinkOAuthIdentityOptions): Promise<{ userId: string; accountId: string; email: string } | null> {
  const linked = await db.authIdentity.findUnique({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    select: { user: { select: { id: true, accountId: true, email: true } } },
  });
  if (linked) return { userId: linked.user.id, accountId: linked.user.accountId, email: linked.user.email };
  if (!verifiedEmail) return null;

  let user = await findUserByEmail({ email: verifiedEmail });
  if (!user) {
    try {
      await createAccountWithUser({ email: verifiedEmail, name, emailVerified: true });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
    }
    user = await findUserByEmail({ email: verifiedEmail });
    if (!user) return null;
  }
  const { id: userId } = user;
  await db.$transaction(async (tx) => {
    if (!user.emailVerifiedAt) {
      const now = new Date();
      // Conditional: a concurrent claim that already verified the user changes nothing here.
      await tx.user.updateMany({
        where: { id: userId, emailVerifiedAt: null },
        data: { passwordHash: null, emailVerifiedAt: now, sessionsValidFrom: now, keptSessionId: null },
      });
    }
    await tx.authIdentity.upsert({
      where: { provider_providerAccountId: { provider, providerAccountId } },
      create: { provider, providerAccountId, userId },
      update: {},
    });
  });
  return { userId, accountId: user.accountId, email: user.email };
}
