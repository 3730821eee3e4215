import 'server-only';

import { sendMail } from '@/lib/server/mail/send-mail';

import { consoleUrl } from './console-url';
import { issueUserToken, TOKEN_LIFETIME_MS } from './user-token';

export type SendEmailChangeNoticeOptions = {
  userId: string;
  /** The address the account has (or had, once changed): the notice goes here. */
  previousEmail: string;
  newEmail: string;
  /** Asked for (the link went to the new address), or done (the link was followed). */
  stage: 'requested' | 'changed';
};

/**
 * Mails the previous address about a change of email, with a recovery link: following it
 * cancels a pending change or restores this address, sets a new password and signs out every
 * session (secureAccount). Only the previous owner gets this link, so a session thief who moved
 * the account cannot take the way back away from them.
 */
export async function sendEmailChangeNotice({
  userId,
  previousEmail,
  newEmail,
  stage,
}: SendEmailChangeNoticeOptions): Promise<void> {
  const token = await issueUserToken({ userId, purpose: 'account_recovery', email: previousEmail });
  const days = TOKEN_LIFETIME_MS.account_recovery / (24 * 3600_000);
  const secure = [
    'If it was not you, secure your account with this link: it puts this address back, lets you choose a new password and signs out every session, everywhere.',
    `It works once, for ${days} days:`,
    consoleUrl(`/secure-account?token=${token}`),
  ];
  await sendMail({
    to: previousEmail,
    subject:
      stage === 'requested'
        ? 'Your Public Data API email address is about to change'
        : 'Your Public Data API email address was changed',
    text: (stage === 'requested'
      ? [
          `Someone signed in to your Public Data API account asked to change its email address from ${previousEmail} to ${newEmail}.`,
          'The change takes effect when the link we mailed to the new address is followed.',
          '',
          'If it was you, you need not do anything.',
        ]
      : [
          `The email address of your Public Data API account was changed from ${previousEmail} to ${newEmail}.`,
          '',
          'If it was you, you need not do anything.',
        ]
    )
      .concat('', ...secure)
      .join('\n'),
  });
}
