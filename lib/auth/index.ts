// Auth.js: email and password (always), GitHub and Google (when configured); JWT sessions
// carrying the user id and account id.
import { randomUUID } from 'node:crypto';

import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';
import { cookies, headers } from 'next/headers';

import { authConfig } from './config';
import { env } from '@/lib/env';
import { logConsoleError } from '@/lib/observability/console-log';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { clientAddress } from '@/lib/http/client-address';
import { onHttps } from '@/lib/http/on-https';
import { completeTwoFactorSignIn } from '@/lib/server/auth/complete-two-factor-sign-in';
import { findCurrentSession } from '@/lib/server/auth/find-current-session';
import {
  findOAuthSessionUser,
  linkOAuthIdentityToUser,
  resolveOAuthSignIn,
} from '@/lib/server/auth/link-oauth-identity';
import { OAUTH_LINK_COOKIE, OAUTH_LINK_COOKIE_PATH, readOAuthLinkIntent } from '@/lib/server/auth/oauth-link-intent';
import { noteSessionSeen, recordUserSession } from '@/lib/server/auth/record-user-session';
import {
  issueTwoFactorChallenge,
  TWO_FACTOR_CHALLENGE_MS,
  TWO_FACTOR_COOKIE,
} from '@/lib/server/auth/two-factor-challenge';
import { signInSchema } from '@/lib/validation/auth';

declare module 'next-auth' {
  interface Session {
    user: { id: string; accountId: string } & DefaultSession['user'];
    /** When this session was signed in (ms since epoch): sign-out ends every earlier session. */
    signedInAt?: number;
    /** Random per sign-in: names the session "sign out other sessions" keeps. */
    sessionId?: string;
  }
  interface User {
    accountId?: string;
    /** How the sign-in was made, for the sessions list, when the provider does not say it. */
    signInMethod?: string;
  }
}

/**
 * Thrown from authorize; `code` reaches the sign-in action: "invalid", "unverified" (the right
 * password of a sign-up whose address was never verified), "locked:<minutes>",
 * "two_factor" (the password was right; the code step follows) or "expired" (that step waited too long).
 */
class PasswordSignInError extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

/** The request's browser and client address, for the sessions list (none outside a request). */
async function requestDetails(): Promise<{ userAgent: string | null; ip: string | null }> {
  try {
    const h = await headers();
    return { userAgent: h.get('user-agent'), ip: clientAddress(h.get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS) };
  } catch {
    return { userAgent: null, ip: null };
  }
}

/**
 * Whether a token's session is still on (findCurrentSession: its row exists and was not ended, its
 * user was not signed out since, it is within its absolute lifetime); notes it as seen (once a minute).
 */
async function isTokenCurrent(token: JWT): Promise<boolean> {
  const { userId, accountId, signedInAt, sessionId } = token;
  if (typeof userId !== 'string' || typeof accountId !== 'string') return false;
  if (typeof sessionId !== 'string' || typeof signedInAt !== 'number') return false;
  const current = await findCurrentSession({ userId, accountId, signedInAt, sessionId });
  if (!current) return false;
  const { ip } = await requestDetails();
  await noteSessionSeen({ sessionId, userId, lastSeenAt: current.row.lastSeenAt, ip });
  return true;
}

/**
 * The first step of a two-factor user's sign-in (the password, or an OAuth provider): no session,
 * only a signed challenge for the code step (/sign-in/two-factor), in a cookie scripts cannot
 * read, for a few minutes.
 */
async function startTwoFactorStep(userId: string, via?: string): Promise<void> {
  (await cookies()).set(TWO_FACTOR_COOKIE, issueTwoFactorChallenge({ userId, via }), {
    httpOnly: true,
    sameSite: 'lax',
    secure: await onHttps(),
    path: '/sign-in',
    maxAge: TWO_FACTOR_CHALLENGE_MS / 1000,
  });
}

/** How a session signed in, for the sessions list. */
function signInMethod(provider: string, user?: { signInMethod?: string }): string {
  if (provider === 'credentials') return 'password';
  if (provider === 'two-factor') return user?.signInMethod ?? 'password+code';
  return provider;
}

type OAuthAccount = { provider: string; providerAccountId: string };

/**
 * The callback of "Link GitHub" (or Google) in /settings, when the link cookie is there: links the
 * identity to the signed-in user who asked (after their password or code), and signs nobody in.
 * Answers where to send the browser, or null when there is no such request (a plain sign-in).
 */
async function linkFromSettings(account: OAuthAccount): Promise<string | null> {
  const jar = await cookies();
  const token = jar.get(OAUTH_LINK_COOKIE)?.value;
  if (token === undefined) return null;
  jar.delete({ name: OAUTH_LINK_COOKIE, path: OAUTH_LINK_COOKIE_PATH });
  const intent = readOAuthLinkIntent(token);
  const settings = (outcome: string) =>
    `/settings?${new URLSearchParams({ link: outcome, provider: account.provider })}#sign-in-methods-heading`;
  if (!intent || intent.provider !== account.provider) return settings('expired');
  // The session that asked must still be on (not ended or signed out since).
  const asking = await findCurrentSession(intent);
  if (!asking) return '/sign-in';
  const result = await linkOAuthIdentityToUser({ userId: intent.userId, ...account });
  return settings(result);
}

export const { handlers, auth, signIn, signOut } = NextAuth({
  ...authConfig,
  providers: [
    ...authConfig.providers,
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(credentials, request) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) throw new PasswordSignInError('invalid');
        const ip = clientAddress(request.headers.get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
        const result = await authenticateWithPassword({ ...parsed.data, ip });
        if (!result.ok) {
          throw new PasswordSignInError(
            result.reason === 'locked' ? `locked:${result.retryAfterMinutes}` : result.reason,
          );
        }
        if (result.twoFactor) {
          await startTwoFactorStep(result.user.id);
          throw new PasswordSignInError('two_factor');
        }
        return { id: result.user.id, email: result.user.email, accountId: result.user.accountId };
      },
    }),
    // The code step after a two-factor user's password (the challenge is the first step's cookie).
    Credentials({
      id: 'two-factor',
      name: 'Two-factor code',
      credentials: { challenge: {}, code: {} },
      async authorize(credentials, request) {
        const challenge = typeof credentials.challenge === 'string' ? credentials.challenge : '';
        const code = typeof credentials.code === 'string' ? credentials.code : '';
        const ip = clientAddress(request.headers.get('x-forwarded-for'), env.TRUSTED_PROXY_HOPS);
        const result = await completeTwoFactorSignIn({ challenge, code, ip });
        if (!result.ok) {
          throw new PasswordSignInError(
            result.reason === 'locked'
              ? `locked:${result.retryAfterMinutes}`
              : result.reason === 'expired'
                ? 'expired'
                : 'invalid',
          );
        }
        return {
          id: result.user.id,
          email: result.user.email,
          accountId: result.user.accountId,
          signInMethod: `${result.via ?? 'password'}+code`,
        };
      },
    }),
  ],
  callbacks: {
    ...authConfig.callbacks,
    async signIn({ account, profile }) {
      if (!account || account.type === 'credentials') return true;
      const identity = { provider: account.provider, providerAccountId: account.providerAccountId };
      const linking = await linkFromSettings(identity);
      if (linking) return linking;
      const verified = profile?.email_verified === true && typeof profile.email === 'string';
      const outcome = await resolveOAuthSignIn({
        ...identity,
        verifiedEmail: verified ? (profile.email as string) : null,
        name: typeof profile?.name === 'string' ? profile.name : null,
      });
      switch (outcome.kind) {
        case 'session':
          return true;
        case 'two_factor':
          // The account's second factor is ours to ask, whatever the provider asked.
          await startTwoFactorStep(outcome.userId, account.provider);
          return '/sign-in/two-factor';
        case 'refused':
          return `/sign-in?${new URLSearchParams({
            error: outcome.reason === 'link_from_settings' ? 'OAuthLinkFromSettings' : 'AccessDenied',
            provider: account.provider,
          })}`;
      }
    },
    async jwt({ token, user, account }) {
      // Every later read of the session (pages, actions, GET /api/auth/session): a session ended
      // by sign-out, or whose user is gone, is over everywhere, not only on the console's pages.
      if (!account) return (await isTokenCurrent(token)) ? token : null;
      const signedInAt = Date.now();
      const sessionId = randomUUID();
      const startSession = async (userId: string) =>
        recordUserSession({
          sessionId,
          userId,
          signedInAt,
          method: signInMethod(account.provider, user),
          ...(await requestDetails()),
        });
      if (account.type === 'credentials' && user?.id && user.accountId) {
        await startSession(user.id);
        return { ...token, userId: user.id, accountId: user.accountId, signedInAt, sessionId };
      }
      // OAuth: the identity's user, resolved by the signIn callback; none when two-factor sign-in
      // is on (the code step, the 'two-factor' provider above, makes that session).
      const linked = await findOAuthSessionUser({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
      });
      if (!linked) return null;
      await startSession(linked.userId);
      return {
        ...token,
        userId: linked.userId,
        accountId: linked.accountId,
        email: linked.email,
        signedInAt,
        sessionId,
      };
    },
  },
  logger: {
    // A wrong password is an expected outcome, not a server error worth a stack trace.
    error(error) {
      if (error instanceof CredentialsSignin) return;
      void logConsoleError('Auth.js failed', error);
    },
  },
});
