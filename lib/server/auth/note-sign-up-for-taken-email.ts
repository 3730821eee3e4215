import 'server-only';

import { consoleUrl } from '@/lib/server/account/console-url';
import { sendMail } from '@/lib/server/mail/send-mail';

import { takeThrottleAttempt } from './take-throttle-attempt';
import { throttleKeyForSignUpNotice } from './throttle-policy';

export type NoteSignUpForTakenEmailOptions = { email: string };

/**
 * Someone tried to sign up with an email that already has an account. Sign-up does not say so
 * (it answers "check your mail" as for a new address); the owner is told by mail instead, with a
 * sign-in link and a reset link (a reset also finishes a sign-up whose first link was lost). At
 * most SIGN_UP_NOTICE_LIMIT such mails per address per hour, so sign-ups cannot flood an inbox.
 */
export async function noteSignUpForTakenEmail({ email }: NoteSignUpForTakenEmailOptions): Promise<void> {
  if ((await takeThrottleAttempt({ keys: [throttleKeyForSignUpNotice(email)] })) > 0) return;
  await sendMail({
    to: email,
    subject: 'Someone tried to create a Public Data API account with your address',
    text: [
      'Someone tried to create a new Public Data API account with this email address, which already has one.',
      '',
      `If it was you, sign in instead: ${consoleUrl('/sign-in')}`,
      `Forgot your password, or never finished signing up? Choose a new one: ${consoleUrl('/forgot-password')}`,
      '',
      'If it was not you, nothing changed and you need not do anything.',
    ].join('\n'),
  });
}
