import 'server-only';

import { sendMail } from '@/lib/server/mail/send-mail';

import { consoleUrl } from './console-url';
import { issueUserToken } from './user-token';

export type SendEmailVerificationOptions = {
  userId: string;
  /** The address to verify: the user's own, or the new one they asked to change to. */
  email: string;
  change?: boolean;
};

/** Mails a verification link to `email`; following it verifies (or switches to) that address. */
export async function sendEmailVerification({
  userId,
  email,
  change = false,
}: SendEmailVerificationOptions): Promise<void> {
  const token = await issueUserToken({ userId, purpose: 'email_verification', email });
  const link = consoleUrl(`/verify-email?token=${token}`);
  await sendMail({
    to: email,
    subject: change ? 'Confirm your new Public Data API email address' : 'Verify your Public Data API email address',
    text: change
      ? [
          'Confirm that this is the new email address of your Public Data API account:',
          link,
          '',
          'Until you do, your account keeps its current address. If you did not ask for this, ignore this mail.',
        ].join('\n')
      : [
          'Welcome to the Public Data API. Verify your email address to finish creating your account, then sign in with your password:',
          link,
          '',
          'The link works once, for 24 hours. Lost it? Sign in with your password and ask for a new one. If you did not create an account, ignore this mail: nobody can sign in to it without this link.',
        ].join('\n'),
  });
}
