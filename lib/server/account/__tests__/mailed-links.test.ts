import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { changePassword } from '@/lib/server/account/change-password';
import { deleteAccount } from '@/lib/server/account/delete-account';
import { requestPasswordReset } from '@/lib/server/account/request-password-reset';
import { resetPassword } from '@/lib/server/account/reset-password';
import { issueUserToken, TOKEN_LIFETIME_MS } from '@/lib/server/account/user-token';
import { verifyEmail } from '@/lib/server/account/verify-email';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { createApiKey } from '@/lib/server/keys/create-api-key';

const PASSWORD = 'correct horse battery staple';
const uniqueEmail = () => `links-${randomUUID()}@accounts.test`;

async function signedUp() {
  const email = uniqueEmail();
  const { user, account } = await createAccountWithUser({ email, password: PASSWORD, requireVerification: true });
  return { email, userId: user.id, accountId: account.id };
}

describe('password reset links', () => {
  it('stores only the hash of the token, and the mail holds the token itself', async () => {
    const { email } = await signedUp();
    expect(await requestPasswordReset({ email, ip: null })).toBe(0);
    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: email }, orderBy: { createdAt: 'desc' } });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const row = await db.userToken.findFirstOrThrow({ where: { email, purpose: 'password_reset' } });
    expect(row.tokenHash).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(TOKEN_LIFETIME_MS.password_reset, -3);
  });

  it('mails nothing for an unknown email and answers the same', async () => {
    const email = uniqueEmail();
    expect(await requestPasswordReset({ email, ip: null })).toBe(0);
    expect(await db.mailMessage.count({ where: { to: email } })).toBe(0);
  });

  it('works once: of two simultaneous uses one succeeds, and the new password signs in', async () => {
    const { email, userId } = await signedUp();
    const token = await issueUserToken({ userId, purpose: 'password_reset', email });
    const results = await Promise.all([
      resetPassword({ token, password: 'first new passphrase' }),
      resetPassword({ token, password: 'second new passphrase' }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: 'used' });
    const signedIn = await Promise.all(
      ['first new passphrase', 'second new passphrase', PASSWORD].map((password) =>
        authenticateWithPassword({ email, password, ip: null }),
      ),
    );
    expect(signedIn.filter((r) => r.ok)).toHaveLength(1);
  });

  it('refuses an expired token and a token of another purpose, and ends sessions on success', async () => {
    const { email, userId } = await signedUp();
    const issuedAt = new Date(Date.now() - TOKEN_LIFETIME_MS.password_reset - 1000);
    const expired = await issueUserToken({ userId, purpose: 'password_reset', email, now: issuedAt });
    expect(await resetPassword({ token: expired, password: 'a new passphrase' })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const verification = await issueUserToken({ userId, purpose: 'email_verification', email });
    expect(await resetPassword({ token: verification, password: 'a new passphrase' })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await resetPassword({ token: 'made-up', password: 'a new passphrase' })).toEqual({
      ok: false,
      reason: 'invalid',
    });

    const before = Date.now();
    const token = await issueUserToken({ userId, purpose: 'password_reset', email });
    expect(await resetPassword({ token, password: 'a new passphrase' })).toEqual({ ok: true });
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.sessionsValidFrom!.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('only the latest link works', async () => {
    const { email, userId } = await signedUp();
    const first = await issueUserToken({ userId, purpose: 'password_reset', email });
    const second = await issueUserToken({ userId, purpose: 'password_reset', email });
    expect(await resetPassword({ token: first, password: 'a new passphrase' })).toEqual({ ok: false, reason: 'used' });
    expect(await resetPassword({ token: second, password: 'a new passphrase' })).toEqual({ ok: true });
  });
});

describe('email verification', () => {
  it('lifts the free-tier-only limit of a password sign-up', async () => {
    const { email, userId, accountId } = await signedUp();
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).emailUnverified).toBe(true);
    const token = await issueUserToken({ userId, purpose: 'email_verification', email });
    expect(await verifyEmail({ token })).toEqual({ ok: true, email, changed: false });
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).emailUnverified).toBe(false);
    expect(await verifyEmail({ token })).toEqual({ ok: false, reason: 'used' });
  });

  it('switches to a new address only when its link is followed, and not to one taken meanwhile', async () => {
    const { email, userId } = await signedUp();
    const next = uniqueEmail();
    const token = await issueUserToken({ userId, purpose: 'email_verification', email: next });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
    await createAccountWithUser({ email: next, password: PASSWORD });
    expect(await verifyEmail({ token })).toEqual({ ok: false, reason: 'email_taken' });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
  });
});

describe('changePassword', () => {
  it('needs the current password', async () => {
    const { userId } = await signedUp();
    expect((await changePassword({ userId, currentPassword: 'wrong one', password: 'a new passphrase' })).ok).toBe(
      false,
    );
    expect((await changePassword({ userId, currentPassword: PASSWORD, password: 'a new passphrase' })).ok).toBe(true);
  });
});

describe('deleteAccount', () => {
  it('is refused while an invoice is open, and changes nothing', async () => {
    const { email, userId, accountId } = await signedUp();
    const { record: key } = await createApiKey({ accountId, actor: { id: userId, label: email }, name: 'kept' });
    await db.invoice.create({
      data: { accountId, month: '2026-10', sequence: 1, status: 'open', amountMicros: 600_000n, amountCents: 60 },
    });
    expect(await deleteAccount({ accountId })).toMatchObject({ ok: false, reason: 'unpaid_invoice' });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe('active');
    expect(await db.user.count({ where: { email } })).toBe(1);
  });

  it('deletes the keys, erases personal data and keeps the billing records', async () => {
    const { email, userId, accountId } = await signedUp();
    const { record: key } = await createApiKey({ accountId, actor: { id: userId, label: email }, name: 'gone' });
    await db.invoice.create({
      data: { accountId, month: '2026-09', sequence: 1, status: 'paid', amountMicros: 600_000n, amountCents: 60 },
    });
    expect(await deleteAccount({ accountId })).toEqual({ ok: true });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).status).toBe('deleted');
    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.email).not.toBe(email);
    expect(user.passwordHash).toBeNull();
    expect((await authenticateWithPassword({ email, password: PASSWORD, ip: null })).ok).toBe(false);
    expect(await db.invoice.count({ where: { accountId } })).toBe(1);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).deletedAt).not.toBeNull();
  });
});
