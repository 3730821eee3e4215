import 'server-only';

import { db } from '@/lib/db';
import { consoleUrl } from '@/lib/server/account/console-url';
import { sendMail } from '@/lib/server/mail/send-mail';

import { EMAIL_FAILURE_LIMIT, throttleKeyForTwoFactor } from './throttle-policy';

export type NoteWrongTwoFactorCodesOptions = { userId: string };

/**
 * After a wrong two-factor code: once the user's codes have locked (EMAIL_FAILURE_LIMIT wrong in
 * a row), mails the owner, since a code is asked only after the password (or in a signed-in
 * session), so whoever is guessing most likely has it. One mail per run of wrong codes (the
 * throttle row's windowStart names the run; the outbox's onceKey keeps a second one out), so a
 * patient guesser cannot flood the inbox either.
 */
export async function noteWrongTwoFactorCodes({ userId }: NoteWrongTwoFactorCodesOptions): Promise<void> {
  const row = await db.signInThrottle.findUnique({ where: { key: throttleKeyForTwoFactor(userId) } });
  if (!row || row.failures < EMAIL_FAILURE_LIMIT) return;
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) return;
  await sendMail({
    to: user.email,
    subject: 'Wrong two-factor codes were entered for your Public Data API account',
    onceKey: `two-factor-wrong-codes:${userId}:${row.windowStart.toISOString()}`,
    text: [
      `${row.failures} wrong two-factor codes in a row were entered for your Public Data API account, so codes are refused for a while.`,
      '',
      'A code is asked only after your password is accepted, or in a signed-in session. If it was not you, someone',
      'probably knows your password: change it and sign out your other sessions in the settings:',
      consoleUrl('/settings'),
      `Cannot sign in? Choose a new password: ${consoleUrl('/forgot-password')}`,
      '',
      'If it was you, nothing changed: wait a few minutes and enter the current code from your authenticator.',
    ].join('\n'),
  });
}
