import 'server-only';

import { db } from '@/lib/db';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import { throttleKeyForResetIp, throttleKeyForVerificationResend } from '@/lib/server/auth/throttle-policy';

import { sendEmailVerification } from './send-email-verification';

export type ResendSignUpVerificationOptions = { email: string; ip: string | null };

/**
 * Mails a new verification link to a password sign-up whose address is not verified yet, because
 * its owner asked (the sign-in page offers it after refusing such a sign-in). The new link replaces
 * the earlier ones. Answers the same whether the address is waiting or not (the caller shows one
 * message); returns the minutes to wait when throttled (per email, and per client address as
 * password-reset requests are), else 0.
 */
export async function resendSignUpVerification({ email, ip }: ResendSignUpVerificationOptions): Promise<number> {
  const keys = [throttleKeyForVerificationResend(email), ...(ip ? [throttleKeyForResetIp(ip)] : [])];
  const lockedForMs = await takeThrottleAttempt({ keys });
  if (lockedForMs > 0) return Math.ceil(lockedForMs / 60_000);
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: {
      id: true,
      email: true,
      emailVerifiedAt: true,
      account: { select: { deletedAt: true, emailUnverified: true } },
    },
  });
  if (!user || user.emailVerifiedAt || user.account.deletedAt || !user.account.emailUnverified) return 0;
  await sendEmailVerification({ userId: user.id, email: user.email });
  return 0;
}
