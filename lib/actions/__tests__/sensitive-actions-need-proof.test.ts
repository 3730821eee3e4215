// A session alone turned two-factor sign-in on (with a secret of a thief's
// choosing, locking the owner out) or deleted the account, with nothing mailed. Now turning it on
// or off, new recovery codes, deleting the account and linking or removing a sign-in method take
// the email change's rule (the current password, or a current code, or for a user without a
// password a sign-in within ten minutes), and turning it on or off mails the address with the
// account-recovery link that undoes it. Through the server actions, on the real database; only
// what Next and Auth.js provide around an action is stood in for (session, headers, cookies,
// Auth.js's signIn and signOut, revalidatePath).
import { randomUUID } from 'node:crypto';

import { Secret } from 'otpauth';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { ConsoleSession } from '@/lib/auth/require-session';
import { db } from '@/lib/db';

// Before the imports (vi.hoisted): lib/db reads lib/env.ts, which parses the environment once.
vi.hoisted(() => {
  process.env.AUTH_GITHUB_ID = 'proof-test-github-client';
  process.env.AUTH_GITHUB_SECRET = 'proof-test-github-secret';
});

const request = vi.hoisted(() => ({
  session: null as ConsoleSession | null,
  ip: '10.0.0.1',
  cookies: new Map<string, { value: string; path?: string }>(),
  signIns: [] as { provider: string }[],
}));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!request.session) throw new Error('no session in this test');
    return request.session;
  },
}));
vi.mock('next/headers', () => ({
  headers: async () => new Headers({ 'x-forwarded-for': request.ip }),
  cookies: async () => ({
    get: (name: string) => request.cookies.get(name),
    set: (name: string, value: string, options: { path?: string }) =>
      request.cookies.set(name, { value, path: options.path }),
  }),
}));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));
// Auth.js's signOut ends in a redirect, which Next throws; the stand-in throws one the same way.
class SignedOut extends Error {
  readonly digest = 'NEXT_REDIRECT;replace;/account-deleted;307;';
}
vi.mock('@/lib/auth', () => ({
  signIn: async (provider: string) => {
    request.signIns.push({ provider });
  },
  signOut: async () => {
    throw new SignedOut('signed out');
  },
}));

const { deleteAccountAction } = await import('@/lib/actions/account');
const { confirmTwoFactorSetupAction, disableTwoFactorAction, regenerateRecoveryCodesAction } = await import(
  '@/lib/actions/two-factor'
);
const { linkSignInMethodAction, removeSignInMethodAction } = await import('@/lib/actions/sign-in-methods');
const { createAccountWithUser } = await import('@/lib/server/account/create-account-with-user');
const { secureAccount } = await import('@/lib/server/account/secure-account');
const { authenticateWithPassword } = await import('@/lib/server/auth/authenticate-with-password');
const { startTwoFactorSetup } = await import('@/lib/server/auth/start-two-factor-setup');
const { getTwoFactorStatus } = await import('@/lib/server/auth/get-two-factor-status');
const { totpCodeAt } = await import('@/lib/server/auth/totp');
const { linkOAuthIdentityToUser } = await import('@/lib/server/auth/link-oauth-identity');
const { OAUTH_LINK_COOKIE, readOAuthLinkIntent } = await import('@/lib/server/auth/oauth-link-intent');
const { DELETE_CONFIRMATION } = await import('@/lib/validation/account');

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@proof.test`;
const uniqueIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;
const idle = { status: 'idle' as const };
const WRONG_PASSWORD = {
  status: 'error',
  message: 'Check the highlighted fields.',
  fieldErrors: { currentPassword: ['The current password is not right'] },
};
const PASSWORD_MISSING = {
  status: 'error',
  message: 'Check the highlighted fields.',
  fieldErrors: { currentPassword: ['Enter your current password'] },
};

async function signedInUser({ passwordless = false, signedInAt = Date.now() } = {}) {
  const email = uniqueEmail('owner');
  const { user } = await createAccountWithUser({
    email,
    password: passwordless ? undefined : PASSWORD,
    emailVerified: true,
  });
  request.session = { userId: user.id, accountId: user.accountId, email, sessionId: randomUUID(), signedInAt };
  return { email, userId: user.id, accountId: user.accountId };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });
const twoFactorOn = async (userId: string) =>
  (await db.user.findUniqueOrThrow({ where: { id: userId } })).totpEnabledAt !== null;
const codeNow = (secret: string, stepsAhead = 0) =>
  totpCodeAt({ secret: Secret.fromBase32(secret), timestamp: Date.now() + stepsAhead * 30_000 });

/** Starts a set-up as the settings page does, and reads the key it shows. */
async function pendingSecret(userId: string): Promise<string> {
  await startTwoFactorSetup({ userId });
  return (await getTwoFactorStatus({ userId })).pending!.secret;
}

function recoveryLink(text: string): string {
  const match = /\/secure-account\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no recovery link in: ${text}`);
  return match[1]!;
}

beforeEach(() => {
  request.session = null;
  request.ip = uniqueIp();
  request.cookies.clear();
  request.signIns.length = 0;
});

describe('turning two-factor sign-in on', () => {
  it('is refused on a session alone, and with a wrong password; nothing is turned on or mailed', async () => {
    const { email, userId } = await signedInUser();
    const secret = await pendingSecret(userId);
    expect(await confirmTwoFactorSetupAction(idle, form({ code: codeNow(secret) }))).toEqual(PASSWORD_MISSING);
    expect(await confirmTwoFactorSetupAction(idle, form({ code: codeNow(secret), currentPassword: 'guess' }))).toEqual(
      WRONG_PASSWORD,
    );
    expect(await twoFactorOn(userId)).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('with the password, turns on and mails the address; its link undoes it and lets the owner back in', async () => {
    // The lock-out: whoever holds the session (and here the password) turns it on with their own app.
    const { email, userId } = await signedInUser();
    const secret = await pendingSecret(userId);
    const answer = await confirmTwoFactorSetupAction(idle, form({ code: codeNow(secret), currentPassword: PASSWORD }));
    expect(answer).toMatchObject({ status: 'success' });
    expect(await twoFactorOn(userId)).toBe(true);
    const [notice] = await mailsTo(email);
    expect(notice!.subject).toBe('Two-factor sign-in was turned on for your Public Data API account');

    // The owner follows the mailed link: two-factor is off, a new password is set, and it signs in alone.
    const newPassword = 'the owner is back in';
    expect(await secureAccount({ token: recoveryLink(notice!.text), password: newPassword })).toEqual({
      ok: true,
      email,
    });
    expect(await twoFactorOn(userId)).toBe(false);
    expect(await authenticateWithPassword({ email, password: newPassword, ip: uniqueIp() })).toMatchObject({
      ok: true,
      twoFactor: false,
    });
  });
});

describe('turning it off and new recovery codes', () => {
  async function withTwoFactor() {
    const user = await signedInUser();
    const secret = await pendingSecret(user.userId);
    await confirmTwoFactorSetupAction(idle, form({ code: codeNow(secret), currentPassword: PASSWORD }));
    return { ...user, secret };
  }

  it('needs a current code for new recovery codes', async () => {
    const { secret } = await withTwoFactor();
    expect(await regenerateRecoveryCodesAction(idle, form({}))).toMatchObject({ status: 'error' });
    expect(await regenerateRecoveryCodesAction(idle, form({ code: '000000' }))).toMatchObject({ status: 'error' });
    const made = await regenerateRecoveryCodesAction(idle, form({ code: codeNow(secret, 1) }));
    expect(made.recoveryCodes).toHaveLength(10);
  });

  it('needs a current code to turn off, and mails the address when it is', async () => {
    const { email, userId, secret } = await withTwoFactor();
    expect(await disableTwoFactorAction(idle, form({}))).toMatchObject({ status: 'error' });
    expect(await twoFactorOn(userId)).toBe(true);
    expect(await disableTwoFactorAction(idle, form({ code: codeNow(secret, 1) }))).toMatchObject({ status: 'success' });
    expect(await twoFactorOn(userId)).toBe(false);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      'Two-factor sign-in was turned on for your Public Data API account',
      'Two-factor sign-in was turned off for your Public Data API account',
    ]);
  });
});

describe('deleting the account', () => {
  const deleting = (fields: Record<string, string> = {}) =>
    deleteAccountAction(idle, form({ confirmation: DELETE_CONFIRMATION, ...fields }));
  const isDeleted = async (userId: string) =>
    (await db.user.findUniqueOrThrow({ where: { id: userId } })).email.endsWith('@deleted.invalid');

  it('is refused on a session alone and with a wrong password', async () => {
    const { userId } = await signedInUser();
    expect(await deleting()).toMatchObject(PASSWORD_MISSING);
    expect(await deleting({ currentPassword: 'guess' })).toMatchObject(WRONG_PASSWORD);
    expect(await isDeleted(userId)).toBe(false);
  });

  it('deletes with the password', async () => {
    const { userId } = await signedInUser();
    await expect(deleting({ currentPassword: PASSWORD })).rejects.toBeInstanceOf(SignedOut);
    expect(await isDeleted(userId)).toBe(true);
  });

  it('for a user without a password, needs a sign-in within ten minutes', async () => {
    const stale = await signedInUser({ passwordless: true, signedInAt: Date.now() - 11 * 60_000 });
    expect(await deleting()).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/sign-in within the last 10 minutes/),
    });
    expect(await isDeleted(stale.userId)).toBe(false);
    const fresh = await signedInUser({ passwordless: true });
    await expect(deleting()).rejects.toBeInstanceOf(SignedOut);
    expect(await isDeleted(fresh.userId)).toBe(true);
  });
});

describe('linking and removing a sign-in method', () => {
  it('goes to the provider only after the password, with a link request naming this user and session', async () => {
    const { userId } = await signedInUser();
    expect(await linkSignInMethodAction(idle, form({ provider: 'github' }))).toEqual(PASSWORD_MISSING);
    expect(await linkSignInMethodAction(idle, form({ provider: 'github', currentPassword: 'guess' }))).toEqual(
      WRONG_PASSWORD,
    );
    expect(request.signIns).toEqual([]);
    expect(request.cookies.has(OAUTH_LINK_COOKIE)).toBe(false);

    await linkSignInMethodAction(idle, form({ provider: 'github', currentPassword: PASSWORD }));
    expect(request.signIns).toEqual([{ provider: 'github' }]);
    const cookie = request.cookies.get(OAUTH_LINK_COOKIE)!;
    expect(cookie.path).toBe('/api/auth/callback');
    expect(readOAuthLinkIntent(cookie.value)).toMatchObject({
      userId,
      provider: 'github',
      sessionId: request.session!.sessionId,
    });
  });

  it('removes a linked method only after the password', async () => {
    const { userId, email } = await signedInUser();
    await linkOAuthIdentityToUser({ userId, provider: 'github', providerAccountId: randomUUID() });
    expect(await removeSignInMethodAction(idle, form({ provider: 'github' }))).toEqual(PASSWORD_MISSING);
    expect(await db.authIdentity.count({ where: { userId } })).toBe(1);
    expect(await removeSignInMethodAction(idle, form({ provider: 'github', currentPassword: PASSWORD }))).toMatchObject(
      {
        status: 'success',
      },
    );
    expect(await db.authIdentity.count({ where: { userId } })).toBe(0);
    expect((await mailsTo(email)).map((m) => m.subject)).toContain(
      'GitHub sign-in was removed from your Public Data API account',
    );
  });
});
