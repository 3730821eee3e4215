// A borrowed session must not be able to move an account to another address and keep it: changing
// the email needs the current password (or, without one, a sign-in within ten minutes), the old address is told on
// the request and on the change with a recovery link, and every password change or reset is
// mailed. Only what Next and Auth.js provide around an action is stood in for: the session, the
// headers, and Auth.js's signOut (next-auth does not load outside Next).
import { randomUUID } from 'node:crypto';

import { beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '@/lib/db';
import type { ConsoleSession } from '@/lib/auth/require-session';

const request = vi.hoisted(() => ({ session: null as ConsoleSession | null, ip: '10.0.0.1' }));

vi.mock('@/lib/auth/require-session', () => ({
  requireSession: async () => {
    if (!request.session) throw new Error('no session in this test');
    return request.session;
  },
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers({ 'x-forwarded-for': request.ip }) }));
vi.mock('@/lib/auth', () => ({
  signIn: async () => {
    throw new Error('no sign-in in this test');
  },
  signOut: async () => {
    throw new Error('no sign-out in this test');
  },
}));

const { changeEmailAction, changePasswordAction } = await import('@/lib/actions/account');
const { createAccountWithUser } = await import('@/lib/server/account/create-account-with-user');
const { verifyEmail } = await import('@/lib/server/account/verify-email');
const { secureAccount } = await import('@/lib/server/account/secure-account');
const { resetPassword } = await import('@/lib/server/account/reset-password');
const { issueUserToken } = await import('@/lib/server/account/user-token');
const { authenticateWithPassword } = await import('@/lib/server/auth/authenticate-with-password');
const { EMAIL_FAILURE_LIMIT } = await import('@/lib/server/auth/throttle-policy');

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@email-change.test`;
const uniqueIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

/** A signed-in user with a password, or one who signs in through a provider only (`oauthOnly`). */
async function signedInUser({ oauthOnly = false, signedInAt = Date.now() } = {}) {
  const email = uniqueEmail('owner');
  const { user } = await createAccountWithUser({
    email,
    password: oauthOnly ? undefined : PASSWORD,
    emailVerified: oauthOnly,
  });
  request.session = { userId: user.id, accountId: user.accountId, email, sessionId: randomUUID(), signedInAt };
  return { email, userId: user.id };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const changeEmail = (fields: Record<string, string>) => changeEmailAction({ status: 'idle' }, form(fields));
const mailsTo = (to: string) => db.mailMessage.findMany({ where: { to }, orderBy: { createdAt: 'asc' } });

function linkIn(text: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
}

beforeEach(() => {
  request.session = null;
  request.ip = uniqueIp();
});

describe('changing the email needs the password and tells the old address', () => {
  it('refuses a change without the current password and with a wrong one, and mails nobody', async () => {
    const { email, userId } = await signedInUser();
    const next = uniqueEmail('thief');

    expect(await changeEmail({ email: next })).toEqual({
      status: 'error',
      message: 'Check the highlighted fields.',
      fieldErrors: { currentPassword: ['Enter your current password'] },
      values: { email: next },
    });
    expect(await changeEmail({ email: next, currentPassword: 'not the password' })).toEqual({
      status: 'error',
      message: 'Check the highlighted fields.',
      fieldErrors: { currentPassword: ['The current password is not right'] },
      values: { email: next },
    });
    expect(await mailsTo(next)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    expect(await db.userToken.count({ where: { userId } })).toBe(0);
  });

  it('with the current password, mails the new address a link and the old one a notice with a recovery link', async () => {
    const { email } = await signedInUser();
    const next = uniqueEmail('moved');
    const answer = await changeEmail({ email: next, currentPassword: PASSWORD });
    expect(answer.status).toBe('success');

    const [link] = await mailsTo(next);
    expect(link!.subject).toBe('Confirm your new Public Data API email address');
    const [notice] = await mailsTo(email);
    expect(notice!.subject).toBe('Your Public Data API email address is about to change');
    expect(notice!.text).toContain(next);
    expect(notice!.text).toMatch(/\/secure-account\?token=/);
    // Nothing changed yet.
    expect((await db.user.findFirstOrThrow({ where: { id: request.session!.userId } })).email).toBe(email);
  });

  it('tells the old address again when the change takes effect; its recovery link restores the address, sets a password and signs out everywhere', async () => {
    const { email, userId } = await signedInUser();
    const next = uniqueEmail('thief');
    await changeEmail({ email: next, currentPassword: PASSWORD });
    const verification = linkIn((await mailsTo(next))[0]!.text, '/verify-email');
    expect(await verifyEmail({ token: verification })).toEqual({ ok: true, email: next, changed: true });

    const notices = await mailsTo(email);
    expect(notices.map((m) => m.subject)).toEqual([
      'Your Public Data API email address is about to change',
      'Your Public Data API email address was changed',
    ]);
    // Whoever holds the new address now asks for a reset there: the old owner's link still works, and beats it.
    const thiefReset = await issueUserToken({ userId, purpose: 'password_reset', email: next });
    const before = Date.now();
    const recovery = linkIn(notices[1]!.text, '/secure-account');
    expect(await secureAccount({ token: recovery, password: NEW_PASSWORD })).toEqual({ ok: true, email });

    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).toBe(email);
    expect(user.sessionsValidFrom!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(user.keptSessionId).toBeNull();
    expect(await resetPassword({ token: thiefReset, password: 'the thief again' })).toEqual({
      ok: false,
      reason: 'used',
    });
    expect((await authenticateWithPassword({ email, password: NEW_PASSWORD, ip: null })).ok).toBe(true);
    expect((await authenticateWithPassword({ email: next, password: PASSWORD, ip: null })).ok).toBe(false);
    // Each link works once, and the first notice's link went with the second's.
    expect(await secureAccount({ token: recovery, password: 'yet another passphrase' })).toEqual({
      ok: false,
      reason: 'used',
    });
    const first = linkIn(notices[0]!.text, '/secure-account');
    expect(await secureAccount({ token: first, password: 'yet another passphrase' })).toEqual({
      ok: false,
      reason: 'used',
    });
  });

  it("keeps an earlier owner's recovery link working whatever a later address does with its own", async () => {
    const { email, userId } = await signedInUser();
    const thief = uniqueEmail('thief');
    await changeEmail({ email: thief, currentPassword: PASSWORD });
    await verifyEmail({ token: linkIn((await mailsTo(thief))[0]!.text, '/verify-email') });
    const ownersLink = linkIn((await mailsTo(email)).at(-1)!.text, '/secure-account');

    // The thief moves on to a third address, then uses the recovery link that mailed them.
    const third = uniqueEmail('third');
    request.session = { ...request.session!, email: thief };
    await changeEmail({ email: third, currentPassword: PASSWORD });
    const thiefsLink = linkIn((await mailsTo(thief)).at(-1)!.text, '/secure-account');
    expect(await secureAccount({ token: thiefsLink, password: 'the thief again' })).toEqual({ ok: true, email: thief });

    expect(await secureAccount({ token: ownersLink, password: NEW_PASSWORD })).toEqual({ ok: true, email });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
    expect((await authenticateWithPassword({ email, password: NEW_PASSWORD, ip: null })).ok).toBe(true);
  });

  it('needs a sign-in within the last 10 minutes from a user without a password', async () => {
    const { email } = await signedInUser({ oauthOnly: true, signedInAt: Date.now() - 11 * 60_000 });
    const next = uniqueEmail('oauth');
    const refused = await changeEmail({ email: next });
    expect(refused).toEqual({
      status: 'error',
      message: 'Changing the email needs a sign-in within the last 10 minutes. Sign in again, then change it.',
      values: { email: next },
    });
    request.session = { ...request.session!, signedInAt: undefined };
    expect(await changeEmail({ email: next })).toEqual(refused);
    expect(await mailsTo(next)).toEqual([]);

    request.session = { ...request.session!, signedInAt: Date.now() - 60_000 };
    expect((await changeEmail({ email: next })).status).toBe('success');
    expect((await mailsTo(next)).map((m) => m.subject)).toEqual(['Confirm your new Public Data API email address']);
    expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      'Your Public Data API email address is about to change',
    ]);
  });

  it('throttles wrong current passwords as sign-in does, and the lock holds at sign-in too', async () => {
    const { email } = await signedInUser();
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++) {
      request.ip = uniqueIp();
      expect((await changeEmail({ email: uniqueEmail('guess'), currentPassword: `guess ${i}` })).fieldErrors).toEqual({
        currentPassword: ['The current password is not right'],
      });
    }
    request.ip = uniqueIp();
    expect(await changeEmail({ email: uniqueEmail('guess'), currentPassword: PASSWORD })).toMatchObject({
      status: 'error',
      message: 'Too many attempts, try again in 1 minute.',
    });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: null })).toMatchObject({
      ok: false,
      reason: 'locked',
    });
  });
});

describe('every password change and reset is mailed to the account', () => {
  it('mails "your password was changed" on a change in the settings and on a reset, with a way to secure the account', async () => {
    const { email, userId } = await signedInUser();
    expect(
      await changePasswordAction({ status: 'idle' }, form({ currentPassword: PASSWORD, password: NEW_PASSWORD })),
    ).toEqual({
      status: 'success',
      message: 'Password changed. Your other sessions are signed out.',
    });
    const token = await issueUserToken({ userId, purpose: 'password_reset', email });
    expect(await resetPassword({ token, password: 'a third passphrase' })).toEqual({ ok: true });

    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Public Data API password was changed',
      'Your Public Data API password was changed',
    ]);
    for (const mail of mails) expect(mail.text).toMatch(/\/forgot-password/);
  });

  it('mails nothing when the current password is wrong', async () => {
    const { email } = await signedInUser();
    const answer = await changePasswordAction(
      { status: 'idle' },
      form({ currentPassword: 'wrong one', password: NEW_PASSWORD }),
    );
    expect(answer.fieldErrors).toEqual({ currentPassword: ['The current password is not right'] });
    expect(await mailsTo(email)).toEqual([]);
  });
});
