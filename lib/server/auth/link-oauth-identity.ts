import 'server-only';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/accounts/create-account-with-user';
import { EmailTakenError } from '@/lib/server/accounts/email-taken-error';
import { findUserByEmail } from '@/lib/server/accounts/find-user-by-email';

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
      await createAccountWithUser({ email: verifiedEmail, name });
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
    }
    user = await findUserByEmail({ email: verifiedEmail });
    if (!user) return null;
  }
  await db.authIdentity.upsert({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    create: { provider, providerAccountId, userId: user.id },
    update: {},
  });
  return { userId: user.id, accountId: user.accountId, email: user.email };
}
