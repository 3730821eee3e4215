// Auth.js: email and password (always), GitHub and Google (when configured); JWT sessions
// carrying the user id and account id.
import { randomUUID } from 'node:crypto';

import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';
import { cookies, headers } from 'next/headers';

import { authConfig } from './config';
import { env } from '@/lib/env';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { clientAddress } from '@/lib/http/client-address';
import { completeTwoFactorSignIn } from '@/lib/server/auth/complete-two-factor-sign-in';
import { findCurrentSession } from '@/lib/server/auth/find-current-session';
import { linkOAuthIdentity } from '@/lib/server/auth/link-oauth-identity';
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
  }
}

/**
 * Thrown from authorize; `code` reaches the sign-in action: "invalid", "locked:<minutes>",
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
 * Whether a token's user still exists in its account, has not signed out since it was issued, and
 * its session was not ended from the sessions list; notes the session as seen (once a minute).
 */
async function isTokenCurrent(token: JWT): Promise<boolean> {
  const { userId, accountId, signedInAt, sessionId } = token;
  if (typeof userId !== 'string' || typeof accountId !== 'string') return false;
  const current = await findCurrentSession({
    userId,
    accountId,
    signedInAt: typeof signedInAt === 'number' ? signedInAt : undefined,
    sessionId: typeof sessionId === 'string' ? sessionId : undefined,
  });
  if (!current) return false;
  if (typeof sessionId === 'string' && typeof signedInAt === 'number') {
    await noteSessionSeen({
      sessionId,
      userId,
      signedInAt,
      lastSeenAt: current.row?.lastSeenAt ?? null,
      ...(await requestDetails()),
    });
  }
  return true;
}

/**
 * The password step of a two-factor user: no session, only a signed challenge for the code step
 * (/sign-in/two-factor), in a cookie scripts cannot read, for a few minutes.
 */
async function startTwoFactorStep(userId: string): Promise<void> {
  const h = await headers();
  const https =
    h.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' || env.AUTH_URL?.startsWith('https:') === true;
  (await cookies()).set(TWO_FACTOR_COOKIE, issueTwoFactorChallenge({ userId }), {
    httpOnly: true,
    sameSite: 'lax',
    secure: https,
    path: '/sign-in',
    maxAge: TWO_FACTOR_CHALLENGE_MS / 1000,
  });
}

/** How a session signed in, for the sessions list. */
function signInMethod(provider: string): string {
  if (provider === 'credentials') return 'password';
  if (provider === 'two-factor') return 'password+code';
  return provider;
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
          throw new PasswordSignInError(result.reason === 'locked' ? `locked:${result.retryAfterMinutes}` : 'invalid');
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
        return { id: result.user.id, email: result.user.email, accountId: result.user.accountId };
      },
    }),
  ],
  callbacks: {
    ...authConfig.callbacks,
    async signIn({ account, profile }) {
      if (!account || account.type === 'credentials') return true;
      const verified = profile?.email_verified === true && typeof profile.email === 'string';
      const linked = await linkOAuthIdentity({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        verifiedEmail: verified ? (profile.email as string) : null,
        name: typeof profile?.name === 'string' ? profile.name : null,
      });
      return linked !== null;
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
          method: signInMethod(account.provider),
          ...(await requestDetails()),
        });
      if (account.type === 'credentials' && user?.id && user.accountId) {
        await startSession(user.id);
        return { ...token, userId: user.id, accountId: user.accountId, signedInAt, sessionId };
      }
      // OAuth: the provider's sign-in stands on its own (its own second factor); no code is asked.
      const linked = await linkOAuthIdentity({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        verifiedEmail: null,
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
      console.error(error);
    },
  },
});
