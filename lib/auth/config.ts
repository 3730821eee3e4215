// The part of the Auth.js configuration that needs no database: proxy.ts reads sessions with it.
// lib/auth/index.ts adds the providers' sign-in logic.
import type { NextAuthConfig } from 'next-auth';
import GitHub from 'next-auth/providers/github';
import Google from 'next-auth/providers/google';

import { env } from '@/lib/env';

type OAuthProviderId = 'github' | 'google';

/** OAuth providers whose client id and secret are both configured. */
export function enabledOAuthProviders(): { id: OAuthProviderId; name: string }[] {
  const providers: { id: OAuthProviderId; name: string }[] = [];
  if (env.AUTH_GITHUB_ID && env.AUTH_GITHUB_SECRET) providers.push({ id: 'github', name: 'GitHub' });
  if (env.AUTH_GOOGLE_ID && env.AUTH_GOOGLE_SECRET) providers.push({ id: 'google', name: 'Google' });
  return providers;
}

type GitHubEmail = { email: string; primary: boolean; verified: boolean };

function oauthProviders(): NonNullable<NextAuthConfig['providers']> {
  const enabled = new Set(enabledOAuthProviders().map((p) => p.id));
  const providers: NonNullable<NextAuthConfig['providers']> = [];
  if (enabled.has('github')) {
    // GitHub Enterprise Server serves the same endpoints under its own host; the provider derives them.
    const enterpriseUrl = env.AUTH_GITHUB_ENTERPRISE_URL?.replace(/\/+$/, '');
    providers.push(
      GitHub({
        clientId: env.AUTH_GITHUB_ID,
        clientSecret: env.AUTH_GITHUB_SECRET,
        enterprise: enterpriseUrl ? { baseUrl: enterpriseUrl } : undefined,
        // GitHub's profile email may be unverified; link only by the primary verified address.
        userinfo: {
          async request({
            tokens,
            provider,
          }: {
            tokens: { access_token?: string };
            provider: { userinfo?: { url: URL } };
          }) {
            const userUrl = provider.userinfo!.url.href;
            const headers = { Authorization: `Bearer ${tokens.access_token}`, 'User-Agent': 'authjs' };
            const profile = (await (await fetch(userUrl, { headers })).json()) as Record<string, unknown>;
            const res = await fetch(`${userUrl}/emails`, { headers });
            const emails = res.ok ? ((await res.json()) as GitHubEmail[]) : [];
            const primary = emails.find((e) => e.primary && e.verified);
            return { ...profile, email: primary?.email ?? null, email_verified: Boolean(primary) };
          },
        },
      }),
    );
  }
  if (enabled.has('google')) {
    providers.push(Google({ clientId: env.AUTH_GOOGLE_ID, clientSecret: env.AUTH_GOOGLE_SECRET }));
  }
  return providers;
}

export const authConfig = {
  // AUTH_TRUST_HOST (default true; scripts/console-server.ts serves the app itself): build URLs from
  // the request's Host. With AUTH_URL set, Auth.js takes the address from it and not from the Host.
  trustHost: env.AUTH_TRUST_HOST || env.AUTH_URL !== undefined,
  session: { strategy: 'jwt', maxAge: env.SESSION_MAX_AGE },
  pages: { signIn: '/sign-in', error: '/sign-in' },
  providers: oauthProviders(),
  callbacks: {
    session({ session, token }) {
      if (typeof token.userId === 'string' && typeof token.accountId === 'string') {
        session.user.id = token.userId;
        session.user.accountId = token.accountId;
      }
      if (typeof token.signedInAt === 'number') session.signedInAt = token.signedInAt;
      if (typeof token.sessionId === 'string') session.sessionId = token.sessionId;
      return session;
    },
  },
} satisfies NextAuthConfig;
