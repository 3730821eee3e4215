// Two-factor sign-in through the functions the settings page and the sign-in steps call, on the
// real database (codes made with the user's own secret at chosen times).
import { randomUUID } from 'node:crypto';

import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { completeTwoFactorSignIn } from '@/lib/server/auth/complete-two-factor-sign-in';
import { confirmTwoFactorSetup } from '@/lib/server/auth/confirm-two-factor-setup';
import { disableTwoFactor } from '@/lib/server/auth/disable-two-factor';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import { hashRecoveryCode } from '@/lib/server/auth/recovery-codes';
import { regenerateRecoveryCodes } from '@/lib/server/auth/regenerate-recovery-codes';
import { startTwoFactorSetup } from '@/lib/server/auth/start-two-factor-setup';
import { totpCodeAt } from '@/lib/server/auth/totp';
import { issueTwoFactorChallenge, TWO_FACTOR_CHALLENGE_MS } from '@/lib/server/auth/two-factor-challenge';

const PASSWORD = 'correct horse battery staple';
const STEP = 30_000;
const uniqueIp = () =>
  `10.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`;

async function passwordUser() {
  const email = `two-factor-${randomUUID()}@auth.test`;
  const { user } = await createAccountWithUser({ email, password: PASSWORD });
  return { email, userId: user.id };
}

/** Starts set-up and reads the secret the page would show. */
async function pendingSecret(userId: string): Promise<string> {
  expect(await startTwoFactorSetup({ userId })).toEqual({ ok: true });
  const status = await getTwoFactorStatus({ userId });
  const svg = Buffer.from(status.pending!.qrDataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString(
    'utf8',
  );
  expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  return status.pending!.secret;
}

const codeAt = (secret: string, at: number) => totpCodeAt({ secret: Secret.fromBase32(secret), timestamp: at });

/** A user with two-factor sign-in on, its secret, recovery codes, and the time it was confirmed. */
async function twoFactorUser() {
  const user = await passwordUser();
  const secret = await pendingSecret(user.userId);
  const enabledAt = Date.now();
  const confirmed = await confirmTwoFactorSetup({
    userId: user.userId,
    code: codeAt(secret, enabledAt),
    ip: null,
    now: new Date(enabledAt),
  });
  if (!confirmed.ok) throw new Error(`set-up failed: ${confirmed.reason}`);
  return { ...user, secret, enabledAt, recoveryCodes: confirmed.recoveryCodes };
}

describe('enabling two-factor sign-in', () => {
  it('turns on only with a right code for the shown secret, and answers ten recovery codes stored hashed', async () => {
    const { userId } = await passwordUser();
    const secret = await pendingSecret(userId);
    const now = Date.now();
    const wrong = await confirmTwoFactorSetup({
      userId,
      code: codeAt(secret, now + 5 * STEP),
      ip: null,
      now: new Date(now),
    });
    expect(wrong).toEqual({ ok: false, reason: 'wrong' });
    expect((await getTwoFactorStatus({ userId })).enabledAt).toBeNull();

    const confirmed = await confirmTwoFactorSetup({ userId, code: codeAt(secret, now), ip: null, now: new Date(now) });
    if (!confirmed.ok) throw new Error(confirmed.reason);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    const stored = await db.twoFactorRecoveryCode.findMany({ where: { userId } });
    expect(stored.map((c) => c.codeHash).sort()).toEqual(confirmed.recoveryCodes.map(hashRecoveryCode).sort());
    for (const code of confirmed.recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
    // The secret is kept encrypted, never as the base32 the app was shown.
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.totpSecret).not.toContain(secret);
    expect(user.totpPendingSecret).toBeNull();
    expect(await getTwoFactorStatus({ userId })).toMatchObject({ pending: null, recoveryCodesLeft: 10 });
  });

  it('is refused for a user without a password (OAuth sign-ins are not asked for a code)', async () => {
    const { userId } = await passwordUser();
    await db.user.update({ where: { id: userId }, data: { passwordHash: null } });
    expect(await startTwoFactorSetup({ userId })).toEqual({ ok: false, reason: 'no_password' });
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('asks for a code after the right password and signs in only with it', async () => {
    const { email, userId, secret, enabledAt } = await twoFactorUser();
    const password = await authenticateWithPassword({ email, password: PASSWORD, ip: null });
    expect(password).toMatchObject({ ok: true, twoFactor: true });

    const challenge = issueTwoFactorChallenge({ userId });
    const later = new Date(enabledAt + 2 * STEP);
    expect(await completeTwoFactorSignIn({ challenge, code: '000000', ip: null, now: later })).toEqual({
      ok: false,
      reason: 'wrong',
    });
    const signedIn = await completeTwoFactorSignIn({
      challenge,
      code: codeAt(secret, later.getTime()),
      ip: null,
      now: later,
    });
    expect(signedIn).toEqual({ ok: true, user: { id: userId, email, accountId: expect.any(String) } });
  });

  it('does not take the same code twice', async () => {
    const { userId, secret, enabledAt } = await twoFactorUser();
    const at = new Date(enabledAt + 2 * STEP);
    const code = codeAt(secret, at.getTime());
    const challenge = issueTwoFactorChallenge({ userId });
    expect((await completeTwoFactorSignIn({ challenge, code, ip: null, now: at })).ok).toBe(true);
    expect(await completeTwoFactorSignIn({ challenge, code, ip: null, now: at })).toEqual({
      ok: false,
      reason: 'wrong',
    });
  });

  it('throttles wrong codes like passwords: locked after 5, even for the right code', async () => {
    const { userId, secret, enabledAt } = await twoFactorUser();
    const challenge = issueTwoFactorChallenge({ userId });
    const at = new Date(enabledAt + 2 * STEP);
    const ip = uniqueIp();
    // Written out, not imported (EMAIL_FAILURE_LIMIT), so that a change of the limit fails here.
    for (let i = 0; i < 5; i++) {
      expect(await completeTwoFactorSignIn({ challenge, code: String(100000 + i), ip, now: at })).toEqual({
        ok: false,
        reason: 'wrong',
      });
    }
    const locked = await completeTwoFactorSignIn({ challenge, code: codeAt(secret, at.getTime()), ip, now: at });
    expect(locked).toMatchObject({ ok: false, reason: 'locked' });
  });

  it('takes a recovery code once, in place of a code', async () => {
    const { userId, recoveryCodes } = await twoFactorUser();
    const challenge = issueTwoFactorChallenge({ userId });
    const recovery = recoveryCodes[3]!;
    expect((await completeTwoFactorSignIn({ challenge, code: recovery.toUpperCase(), ip: null })).ok).toBe(true);
    expect(await completeTwoFactorSignIn({ challenge, code: recovery, ip: null })).toEqual({
      ok: false,
      reason: 'wrong',
    });
    expect((await getTwoFactorStatus({ userId })).recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired or altered challenge', async () => {
    const { userId, secret, enabledAt } = await twoFactorUser();
    const issuedAt = new Date(enabledAt);
    const challenge = issueTwoFactorChallenge({ userId, now: issuedAt });
    const late = new Date(issuedAt.getTime() + TWO_FACTOR_CHALLENGE_MS + 1);
    expect(
      await completeTwoFactorSignIn({ challenge, code: codeAt(secret, late.getTime()), ip: null, now: late }),
    ).toEqual({ ok: false, reason: 'expired' });
    const [body, signature] = challenge.split('.');
    const forged = `${Buffer.from(JSON.stringify({ userId, expiresAt: Date.now() + 3_600_000 })).toString('base64url')}.${signature}`;
    expect(body).not.toBe(forged.split('.')[0]);
    expect(await completeTwoFactorSignIn({ challenge: forged, code: codeAt(secret, Date.now()), ip: null })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});

describe('turning two-factor sign-in off and new recovery codes', () => {
  it('needs a current code to disable, then the password alone signs in again', async () => {
    const { email, userId, secret, enabledAt } = await twoFactorUser();
    const at = new Date(enabledAt + 2 * STEP);
    expect(await disableTwoFactor({ userId, code: codeAt(secret, enabledAt + 10 * STEP), ip: null, now: at })).toEqual({
      ok: false,
      reason: 'wrong',
    });
    expect((await getTwoFactorStatus({ userId })).enabledAt).not.toBeNull();
    expect(await disableTwoFactor({ userId, code: codeAt(secret, at.getTime()), ip: null, now: at })).toEqual({
      ok: true,
    });
    expect(await db.twoFactorRecoveryCode.count({ where: { userId } })).toBe(0);
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: null })).toMatchObject({
      ok: true,
      twoFactor: false,
    });
  });

  it('replaces the recovery codes given a code: the old ones stop working', async () => {
    const { userId, secret, enabledAt, recoveryCodes } = await twoFactorUser();
    const at = new Date(enabledAt + 2 * STEP);
    const renewed = await regenerateRecoveryCodes({ userId, code: codeAt(secret, at.getTime()), ip: null, now: at });
    if (!renewed.ok) throw new Error(renewed.reason);
    const challenge = issueTwoFactorChallenge({ userId });
    expect(await completeTwoFactorSignIn({ challenge, code: recoveryCodes[0]!, ip: null })).toEqual({
      ok: false,
      reason: 'wrong',
    });
    expect((await completeTwoFactorSignIn({ challenge, code: renewed.recoveryCodes[0]!, ip: null })).ok).toBe(true);
  });
});

describe('recovering a taken-over account', () => {
  it('turns off two-factor sign-in turned on after the recovery link was mailed, and keeps one turned on before', async () => {
    const { secureAccount } = await import('@/lib/server/account/secure-account');
    const { issueUserToken } = await import('@/lib/server/account/user-token');
    // The owner's own two-factor, from before the link: it stays.
    const owner = await twoFactorUser();
    const ownersLink = await issueUserToken({
      userId: owner.userId,
      purpose: 'account_recovery',
      email: owner.email,
      now: new Date(owner.enabledAt + 1000),
    });
    expect(await secureAccount({ token: ownersLink, password: 'a brand new passphrase' })).toEqual({
      ok: true,
      email: owner.email,
    });
    expect((await getTwoFactorStatus({ userId: owner.userId })).enabledAt).not.toBeNull();

    // Turned on by whoever took the account over after the link was mailed: it goes.
    const taken = await passwordUser();
    const link = await issueUserToken({
      userId: taken.userId,
      purpose: 'account_recovery',
      email: taken.email,
      now: new Date(Date.now() - 60_000),
    });
    const secret = await pendingSecret(taken.userId);
    const confirmed = await confirmTwoFactorSetup({ userId: taken.userId, code: codeAt(secret, Date.now()), ip: null });
    expect(confirmed.ok).toBe(true);
    expect(await secureAccount({ token: link, password: 'a brand new passphrase' })).toEqual({
      ok: true,
      email: taken.email,
    });
    expect((await getTwoFactorStatus({ userId: taken.userId })).enabledAt).toBeNull();
    expect(await db.twoFactorRecoveryCode.count({ where: { userId: taken.userId } })).toBe(0);
    expect(
      await authenticateWithPassword({ email: taken.email, password: 'a brand new passphrase', ip: null }),
    ).toMatchObject({ ok: true, twoFactor: false });
  });
});
