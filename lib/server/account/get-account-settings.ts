import 'server-only';

import { db } from '@/lib/db';

export type GetAccountSettingsOptions = { userId: string; accountId: string };

/** What /settings and the verification banner show of the signed-in user. */
export async function getAccountSettings({ userId, accountId }: GetAccountSettingsOptions) {
  const user = await db.user.findFirstOrThrow({
    where: { id: userId, accountId },
    select: { email: true, emailVerifiedAt: true, passwordHash: true, account: { select: { emailUnverified: true } } },
  });
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
    /** The API stays within the free tier until the email is verified. */
    verificationRequired: user.account.emailUnverified,
  };
}
