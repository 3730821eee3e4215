'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';

import { signIn } from '@/lib/auth';
import { enabledOAuthProviders } from '@/lib/auth/config';
import { onHttps } from '@/lib/http/on-https';
import { removeOAuthIdentity } from '@/lib/server/auth/link-oauth-identity';
import {
  issueOAuthLinkIntent,
  OAUTH_LINK_COOKIE,
  OAUTH_LINK_COOKIE_PATH,
  OAUTH_LINK_INTENT_MS,
} from '@/lib/server/auth/oauth-link-intent';
import { providerName } from '@/lib/server/auth/sign-in-change-notice';

import type { ActionState } from './action-state';
import { refuseWithoutRecentAuthentication } from './recent-authentication';
import { runAction } from './run-action';

function configuredProvider(formData: FormData): string | null {
  const provider = String(formData.get('provider') ?? '');
  return enabledOAuthProviders().some((p) => p.id === provider) ? provider : null;
}

/**
 * "Link GitHub" (or Google) in /settings: after the password (or code, or a recent sign-in), a
 * short-lived signed cookie names this user and session for the provider's callback, which then
 * links the identity here instead of signing anyone in (lib/auth/index.ts), and mails the address.
 */
export async function linkSignInMethodAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'linkSignInMethod',
    run: async ({ session }) => {
      const provider = configuredProvider(formData);
      if (!provider) return { status: 'error', message: 'That sign-in method is not available here.' };
      const refused = await refuseWithoutRecentAuthentication(session, formData, `Linking ${providerName(provider)}`);
      if (refused) return refused;
      if (!session.sessionId || session.signedInAt === undefined)
        return { status: 'error', message: 'Sign in again, then link it.' };
      const intent = issueOAuthLinkIntent({
        userId: session.userId,
        accountId: session.accountId,
        sessionId: session.sessionId,
        signedInAt: session.signedInAt,
        provider,
      });
      (await cookies()).set(OAUTH_LINK_COOKIE, intent, {
        httpOnly: true,
        sameSite: 'lax',
        secure: await onHttps(),
        path: OAUTH_LINK_COOKIE_PATH,
        maxAge: OAUTH_LINK_INTENT_MS / 1000,
      });
      // Redirects to the provider's consent screen.
      await signIn(provider, { redirectTo: '/settings#sign-in-methods-heading' });
      return { status: 'idle' };
    },
  });
}

/** Removes a provider's sign-in, with the same proof; never the last way in. */
export async function removeSignInMethodAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  return runAction({
    name: 'removeSignInMethod',
    run: async ({ session }): Promise<ActionState> => {
      const provider = configuredProvider(formData) ?? String(formData.get('provider') ?? '');
      const name = providerName(provider);
      const refused = await refuseWithoutRecentAuthentication(session, formData, `Removing ${name}`);
      if (refused) return refused;
      const result = await removeOAuthIdentity({ userId: session.userId, provider });
      revalidatePath('/settings');
      switch (result) {
        case 'removed':
          return { status: 'success', message: `${name} no longer signs in to this account. We mailed your address.` };
        case 'not_linked':
          return { status: 'error', message: `${name} is not linked to this account.` };
        case 'last_method':
          return {
            status: 'error',
            message: `${name} is your only way to sign in. Set a password first (Forgot your password? on the sign-in page).`,
          };
      }
    },
  });
}
