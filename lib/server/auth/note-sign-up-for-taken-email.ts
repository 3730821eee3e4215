import 'server-only';

import { consoleUrl } from '@/lib/server/account/console-url';
import { sendMail } from '@/lib/server/mail/send-mail';

export type NoteSignUpForTakenEmailOptions = { email: string };

/**
 * Someone tried to sign up with an email that already has an account. Sign-up does not say so
 * (that would tell anyone which addresses are customers); the owner is told by mail instead.
 */
export async function noteSignUpForTakenEmail({ email }: NoteSignUpForTakenEmailOptions): Promise<void> {
  await sendMail({
    to: email,
    subject: 'Someone tried to create a Public Data API account with your address',
    text: [
      'Someone tried to create a new Public Data API account with this email address, which already has one.',
      '',
      `If it was you, sign in instead: ${consoleUrl('/sign-in')}`,
      `Forgot your password? Reset it: ${consoleUrl('/forgot-password')}`,
      '',
      'If it was not you, nothing changed and you need not do anything.',
    ].join('\n'),
  });
}
