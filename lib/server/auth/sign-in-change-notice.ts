import 'server-only';

import { consoleUrl } from '@/lib/server/account/console-url';
import { issueUserToken, TOKEN_LIFETIME_MS } from '@/lib/server/account/user-token';
import { sendMail } from '@/lib/server/mail/send-mail';

export type SignInChange =
  | { kind: 'two_factor_on' }
  | { kind: 'two_factor_off' }
  | { kind: 'identity_linked'; provider: string }
  | { kind: 'identity_removed'; provider: string };

const PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };

export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

function wordsFor(change: SignInChange): { subject: string; what: string } {
  switch (change.kind) {
    case 'two_factor_on':
      return {
        subject: 'Two-factor sign-in was turned on for your Public Data API account',
        what: 'Two-factor sign-in was turned on for your Public Data API account: signing in now also asks for a code from an authenticator app.',
      };
    case 'two_factor_off':
      return {
        subject: 'Two-factor sign-in was turned off for your Public Data API account',
        what: 'Two-factor sign-in was turned off for your Public Data API account: the password alone signs in now.',
      };
    case 'identity_linked':
      return {
        subject: `${providerName(change.provider)} sign-in was linked to your Public Data API account`,
        what: `A ${providerName(change.provider)} account was linked to your Public Data API account: it can sign in to it from now on.`,
      };
    case 'identity_removed':
      return {
        subject: `${providerName(change.provider)} sign-in was removed from your Public Data API account`,
        what: `${providerName(change.provider)} no longer signs in to your Public Data API account.`,
      };
  }
}

/**
 * A change to how an account signs in, announced to its address with an account-recovery link.
 * Call it before the change is written: the link's time is the mark, and following it
 * (secureAccount) unlinks every sign-in identity linked and turns off two-factor sign-in turned
 * on since, sets a new password and ends every session. So whoever made the change with a
 * borrowed session or a guessed password cannot keep the owner out. Returns the function that
 * sends the mail once the change is made.
 */
export async function prepareSignInChangeNotice({
  userId,
  email,
  change,
  now = new Date(),
}: {
  userId: string;
  email: string;
  change: SignInChange;
  now?: Date;
}): Promise<() => Promise<void>> {
  const token = await issueUserToken({ userId, purpose: 'account_recovery', email, now });
  const days = TOKEN_LIFETIME_MS.account_recovery / (24 * 3600_000);
  const { subject, what } = wordsFor(change);
  return async () => {
    await sendMail({
      to: email,
      subject,
      text: [
        what,
        '',
        'If it was you, you need not do anything.',
        '',
        'If it was not you, secure your account with this link: it undoes sign-in changes made since this message (linked sign-ins are removed, two-factor sign-in turned on is turned off), lets you choose a new password and signs out every session, everywhere.',
        `It works once, for ${days} days:`,
        consoleUrl(`/secure-account?token=${token}`),
      ].join('\n'),
    });
  };
}
