import 'server-only';

import { sendMail } from '@/lib/server/mail/send-mail';

import { consoleUrl } from './console-url';

export type SendPasswordChangedMailOptions = {
  /** The account's address (after a recovery, the restored one). */
  email: string;
  how: 'changed' | 'reset';
};

/**
 * Tells the account's owner that its password was changed, with a way back in if it was not them:
 * a reset link goes to this same address, and a reset signs out every session.
 */
export async function sendPasswordChangedMail({ email, how }: SendPasswordChangedMailOptions): Promise<void> {
  await sendMail({
    to: email,
    subject: 'Your Public Data API password was changed',
    text: [
      how === 'reset'
        ? 'The password of your Public Data API account was just reset with a link mailed to this address.'
        : 'The password of your Public Data API account was just changed in the account settings.',
      '',
      'If it was you, you need not do anything.',
      '',
      'If it was not you, secure your account now: ask for a reset link here (it is mailed to this address), then choose a new password. Setting it signs out every session, everywhere.',
      consoleUrl('/forgot-password'),
    ].join('\n'),
  });
}
