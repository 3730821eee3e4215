// Auth.js: email and password (always), GitHub and Google (when configured); JWT sessions
// carrying the user id and account id.
import { randomUUID } from 'node:crypto';

import NextAuth, { CredentialsSignin, type DefaultSession } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import Credentials from 'next-auth/providers/credentials';

import { authConfig } from '@/lib/auth.config';
import { env } from '@/lib/env';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { findSessionUser } from '@/lib/server/accounts/find-session-user';
import { clientAddress } from '@/lib/server/auth/client-address';
import { isSessionCurrent } from '@/lib/server/auth/is-session-current';
import { linkOAuthIdentity } from '@/lib/server/auth/link-oauth-identity';
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

/** Thrown from authorize; `code` reaches the sign-in action ("invalid" or "locked:<minutes>"). */
class PasswordSignInError extends CredentialsSignin {
  constructor(code: string) {
    super();
    this.code = code;
  }
}

/** Whether a token's user still exists in its account and has not signed out since it was issued. */
async function isTokenCurrent(token: JWT): Promise<boolean> {
  const { userId, accountId, signedInAt, sessionId } = token;
  if (typeof userId !== 'string' || typeof accountId !== 'string') return false;
  const user = await findSessionUser({ userId, accountId });
  return (
    user !== null &&
    isSessionCurrent(
      typeof signedInAt === 'number' ? signedInAt : undefined,
      user.sessionsValidFrom,
      typeof sessionId === 'string' ? sessionId : undefined,
      user.keptSessionId,
    )
  );
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
            result.reason === 'locked' ? `locked:${result.retryAfterMinutes}` : 'invalid',
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
      if (account.type === 'credentials' && user?.id && user.accountId) {
        return { ...token, userId: user.id, accountId: user.accountId, signedInAt, sessionId };
      }
      const linked = await linkOAuthIdentity({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        verifiedEmail: null,
      });
      return linked ? { ...token, userId: linked.userId, accountId: linked.accountId, email: linked.email, signedInAt, sessionId } : null;
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
