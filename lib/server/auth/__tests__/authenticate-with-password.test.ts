import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import {
  lockDurationMs,
  throttleAddress,
  throttleKeyForEmail,
  throttleKeyForIp,
} from '@/lib/server/auth/throttle-policy';

const PASSWORD = 'a long enough password';
// The documented limits, written out (not imported from throttle-policy.ts), so that a change of
// either fails here.
const EMAIL_FAILURE_LIMIT = 5;
const IP_FAILURE_LIMIT = 20;
const uniqueEmail = () => `user-${randomUUID()}@auth.test`;
// A fresh address per test so the per-address counter of one test never affects another.
const uniqueIp = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}-${randomUUID()}`;

describe('sign-up', () => {
  it('creates an account and its user, storing a scrypt hash, not the password', async () => {
    const email = uniqueEmail();
    const { user, account } = await createAccountWithUser({ email: email.toUpperCase(), password: PASSWORD });
    expect(user.email).toBe(email);
    expect(user.accountId).toBe(account.id);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    expect(stored.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a second account with the same email in any case, leaving no orphan account', async () => {
    const email = uniqueEmail();
    const name = `duplicate ${randomUUID()}`;
    await createAccountWithUser({ email, password: PASSWORD, name });
    await expect(createAccountWithUser({ email: email.toUpperCase(), password: PASSWORD, name })).rejects.toMatchObject(
      { code: 'email_taken' },
    );
    // The second account was rolled back with its user.
    expect(await db.account.count({ where: { name } })).toBe(1);
  });
});

describe('authenticateWithPassword', () => {
  it('signs in with the right password and returns the user and account', async () => {
    const email = uniqueEmail();
    const { user } = await createAccountWithUser({ email, password: PASSWORD });
    const result = await authenticateWithPassword({
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
      ip: uniqueIp(),
    });
    expect(result).toEqual({ ok: true, user: { id: user.id, email, accountId: user.accountId }, twoFactor: false });
  });

  it('answers the same for a wrong password, an unknown email and a user without a password', async () => {
    const email = uniqueEmail();
    await createAccountWithUser({ email, password: PASSWORD });
    const passwordless = uniqueEmail();
    await createAccountWithUser({ email: passwordless });

    const wrong = await authenticateWithPassword({ email, password: 'not the password', ip: uniqueIp() });
    const unknown = await authenticateWithPassword({ email: uniqueEmail(), password: PASSWORD, ip: uniqueIp() });
    const noPassword = await authenticateWithPassword({ email: passwordless, password: PASSWORD, ip: uniqueIp() });
    expect(wrong).toEqual({ ok: false, reason: 'invalid' });
    expect(unknown).toEqual(wrong);
    expect(noPassword).toEqual(wrong);
  });

  it('locks an email after 5 failures, even for the right password', async () => {
    const email = uniqueEmail();
    await createAccountWithUser({ email, password: PASSWORD });
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++) {
      expect(await authenticateWithPassword({ email, password: 'wrong password', ip: uniqueIp() })).toMatchObject({
        reason: 'invalid',
      });
    }
    const locked = await authenticateWithPassword({ email, password: PASSWORD, ip: uniqueIp() });
    expect(locked).toEqual({ ok: false, reason: 'locked', retryAfterMinutes: 1 });
  });

  it('locks unknown emails the same way, so a lock reveals nothing', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++)
      await authenticateWithPassword({ email, password: PASSWORD, ip: uniqueIp() });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: uniqueIp() })).toMatchObject({
      reason: 'locked',
    });
  });

  it('locks an address after 20 failures across many emails', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < IP_FAILURE_LIMIT - 1; i++) await takeThrottleAttempt({ keys: [throttleKeyForIp(ip)] });
    const email = uniqueEmail();
    await createAccountWithUser({ email, password: PASSWORD });
    // The 20th attempt still goes ahead (a success gives it back); the one after the 20th failure does not.
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip })).toMatchObject({ ok: true });
    await takeThrottleAttempt({ keys: [throttleKeyForIp(ip)] });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip })).toMatchObject({ reason: 'locked' });
    // The same user from another address is not affected.
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: uniqueIp() })).toMatchObject({ ok: true });
  });

  it('clears the email counter after a successful sign-in', async () => {
    const email = uniqueEmail();
    await createAccountWithUser({ email, password: PASSWORD });
    for (let i = 0; i < EMAIL_FAILURE_LIMIT - 1; i++)
      await authenticateWithPassword({ email, password: 'wrong password', ip: uniqueIp() });
    expect(await authenticateWithPassword({ email, password: PASSWORD, ip: uniqueIp() })).toMatchObject({ ok: true });
    expect(await db.signInThrottle.findUnique({ where: { key: throttleKeyForEmail(email) } })).toBeNull();
  });
});

describe('sign-in throttle', () => {
  const key = () => throttleKeyForEmail(uniqueEmail());
  const minutes = (n: number) => n * 60_000;

  it('locks for longer with each attempt after the limit (at most an hour)', async () => {
    const k = key();
    let now = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < EMAIL_FAILURE_LIMIT; i++) expect(await takeThrottleAttempt({ keys: [k], now })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(minutes(1));

    // After each lock one more attempt goes ahead, and locks twice as long.
    now = new Date(now.getTime() + minutes(2));
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(minutes(2));

    now = new Date(now.getTime() + minutes(3));
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(minutes(4));

    now = new Date(now.getTime() + minutes(4));
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [k], now })).toBe(minutes(8));
    expect(lockDurationMs(EMAIL_FAILURE_LIMIT + 20, EMAIL_FAILURE_LIMIT)).toBe(minutes(60));
  });

  it('forgets attempts after a quiet 15-minute window', async () => {
    const k = key();
    const start = new Date('2030-01-01T00:00:00Z');
    for (let i = 0; i < EMAIL_FAILURE_LIMIT - 1; i++) await takeThrottleAttempt({ keys: [k], now: start });
    const later = new Date(start.getTime() + minutes(16));
    expect(await takeThrottleAttempt({ keys: [k], now: later })).toBe(0);
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: k } })).failures).toBe(1);
  });

  it('counts simultaneous attempts without losing any', async () => {
    const k = throttleKeyForIp(uniqueIp());
    await Promise.all(Array.from({ length: 8 }, () => takeThrottleAttempt({ keys: [k] })));
    expect((await db.signInThrottle.findUniqueOrThrow({ where: { key: k } })).failures).toBe(8);
  });

  it('evaluates at most the limit of 40 parallel guesses, and refuses the right password after them', async () => {
    const email = uniqueEmail();
    await createAccountWithUser({ email, password: PASSWORD });
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 39 ? PASSWORD : `wrong guess ${i}`));
    const results = await Promise.all(
      guesses.map((password) => authenticateWithPassword({ email, password, ip: uniqueIp() })),
    );
    const evaluated = results.filter((r) => r.ok || r.reason === 'invalid');
    expect(evaluated.length).toBeLessThanOrEqual(EMAIL_FAILURE_LIMIT);
    expect(results.some((r) => r.ok)).toBe(false);
    expect(results.at(-1)).toMatchObject({ ok: false, reason: 'locked' });
  });

  it('counts an IPv6 address by its /64, and an IPv4-mapped one as IPv4', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(throttleAddress('192.0.2.7')).toBe('192.0.2.7');
    expect(throttleKeyForIp('2001:db8:1:2::5')).toBe(throttleKeyForIp('2001:db8:1:2:9::9'));
  });
});
