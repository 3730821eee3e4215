// Accounts: mailed links live as long as the README says (checked at times on either side
// of the limit, never by reading the constant), a change of email waits for its link, and a
// changed password is the one that signs in.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { changePassword } from '@/lib/server/account/change-password';
import { requestEmailChange } from '@/lib/server/account/request-email-change';
import { requestPasswordReset } from '@/lib/server/account/request-password-reset';
import { resetPassword } from '@/lib/server/account/reset-password';
import { sendEmailVerification } from '@/lib/server/account/send-email-verification';
import { verifyEmail } from '@/lib/server/account/verify-email';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';

const PASSWORD = 'correct horse battery staple';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const uniqueEmail = (label: string) => `${label}-${randomUUID()}@guards.test`;

async function signedUp(label: string) {
  const email = uniqueEmail(label);
  const { user } = await createAccountWithUser({ email, password: PASSWORD });
  return { email, userId: user.id };
}

/** The token of the newest mail to `to` holding a link to `path`. */
async function mailedToken(to: string, path: string): Promise<string> {
  const mail = await db.mailMessage.findFirstOrThrow({
    where: { to, text: { contains: `${path}?token=` } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)![1]!;
}

const signsIn = async (email: string, password: string) =>
  (await authenticateWithPassword({ email, password, ip: null })).ok;

describe('mailed links live as long as documented', () => {
  it('a password reset link works 29 minutes after it was mailed, and not 31', async () => {
    const { email } = await signedUp('reset-29');
    await requestPasswordReset({ email, ip: null });
    const token = await mailedToken(email, '/reset-password');
    expect(
      await resetPassword({ token, password: 'a new passphrase', now: new Date(Date.now() + 29 * MINUTE) }),
    ).toEqual({ ok: true });

    const late = await signedUp('reset-31');
    const mailedAt = Date.now();
    await requestPasswordReset({ email: late.email, ip: null });
    const lateToken = await mailedToken(late.email, '/reset-password');
    expect(
      await resetPassword({ token: lateToken, password: 'a new passphrase', now: new Date(mailedAt + 31 * MINUTE) }),
    ).toEqual({ ok: false, reason: 'expired' });
    expect(await signsIn(late.email, PASSWORD)).toBe(true);
  });

  it('an email verification link works 23 hours after it was mailed, and not 25', async () => {
    const { email, userId } = await signedUp('verify-23');
    await sendEmailVerification({ userId, email });
    const token = await mailedToken(email, '/verify-email');
    expect(await verifyEmail({ token, now: new Date(Date.now() + 23 * HOUR) })).toEqual({
      ok: true,
      email,
      changed: false,
    });

    const late = await signedUp('verify-25');
    const mailedAt = Date.now();
    await sendEmailVerification({ userId: late.userId, email: late.email });
    const lateToken = await mailedToken(late.email, '/verify-email');
    expect(await verifyEmail({ token: lateToken, now: new Date(mailedAt + 25 * HOUR) })).toEqual({
      ok: false,
      reason: 'expired',
    });
  });
});

it('a change of email takes effect only when the link mailed to the new address is followed', async () => {
  const { email, userId } = await signedUp('moving');
  const next = uniqueEmail('moved');
  expect(
    await requestEmailChange({ userId, newEmail: next, currentPassword: PASSWORD, signedInAt: undefined, ip: null }),
  ).toEqual({ ok: true });
  expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
  expect([await signsIn(email, PASSWORD), await signsIn(next, PASSWORD)]).toEqual([true, false]);

  expect(await verifyEmail({ token: await mailedToken(next, '/verify-email') })).toEqual({
    ok: true,
    email: next,
    changed: true,
  });
  expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(next);
  expect([await signsIn(email, PASSWORD), await signsIn(next, PASSWORD)]).toEqual([false, true]);
});

it('a password change really changes the password: the new one signs in, the old one does not', async () => {
  const { email, userId } = await signedUp('password');
  expect(await changePassword({ userId, currentPassword: PASSWORD, password: 'a brand new passphrase' })).toEqual({
    ok: true,
  });
  expect(await signsIn(email, 'a brand new passphrase')).toBe(true);
  expect(await signsIn(email, PASSWORD)).toBe(false);
});
