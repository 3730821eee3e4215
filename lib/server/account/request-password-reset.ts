import 'server-only';

import { db } from '@/lib/db';
import { sendMail } from '@/lib/server/mail/send-mail';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import { throttleKeyForResetEmail, throttleKeyForResetIp } from '@/lib/server/auth/throttle-policy';

import { consoleUrl } from './console-url';
import { issueUserToken, TOKEN_LIFETIME_MS } from './user-token';

export type RequestPasswordResetOptions = { email: string; ip: string | null };

/**
 * Mails a reset link when the email has a user. Answers the same whether it has one or not
 * (the caller shows one message); returns the minutes to wait when throttled (per email and per
 * address), else 0. Mail is only queued here, so both paths take about the same time.
 */
export async function requestPasswordReset({ email, ip }: RequestPasswordResetOptions): Promise<number> {
  const keys = [throttleKeyForResetEmail(email), ...(ip ? [throttleKeyForResetIp(ip)] : [])];
  const lockedForMs = await takeThrottleAttempt({ keys });
  if (lockedForMs > 0) return Math.ceil(lockedForMs / 60_000);
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, account: { select: { deletedAt: true } } },
  });
  if (!user || user.account.deletedAt) return 0;
  const token = await issueUserToken({ userId: user.id, purpose: 'password_reset', email: user.email });
  const minutes = TOKEN_LIFETIME_MS.password_reset / 60_000;
  await sendMail({
    to: user.email,
    subject: 'Reset your Public Data API password',
    text: [
      'Someone (we hope you) asked to reset the password of your Public Data API account.',
      '',
      `Choose a new password here (the link works once, for ${minutes} minutes):`,
      consoleUrl(`/reset-password?token=${token}`),
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
  return 0;
}
