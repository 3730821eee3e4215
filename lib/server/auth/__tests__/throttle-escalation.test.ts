// The sign-in and two-factor throttle keeps escalating to its one-hour cap
// (a lock used to restart the window, so the count started over after a 16-minute lock: about
// 420 guesses a day), on the real database with a simulated clock; and the owner is mailed
// when wrong codes lock their two-factor sign-in.
import { randomUUID } from 'node:crypto';

import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { completeTwoFactorSignIn } from '@/lib/server/auth/complete-two-factor-sign-in';
import { confirmTwoFactorSetup } from '@/lib/server/auth/confirm-two-factor-setup';
import { getTwoFactorStatus } from '@/lib/server/auth/get-two-factor-status';
import { settleThrottleAttempt } from '@/lib/server/auth/settle-throttle-attempt';
import { startTwoFactorSetup } from '@/lib/server/auth/start-two-factor-setup';
import { takeThrottleAttempt } from '@/lib/server/auth/take-throttle-attempt';
import { throttleKeyForEmail, throttleKeyForTwoFactor } from '@/lib/server/auth/throttle-policy';
import { totpCodeAt } from '@/lib/server/auth/totp';
import { issueTwoFactorChallenge } from '@/lib/server/auth/two-factor-challenge';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = new Date('2030-03-01T00:00:00Z').getTime();

/**
 * Guesses on one key for 24 simulated hours: each guess the throttle lets through is counted;
 * after a refusal the guesser waits out the lock plus `extraWaitMs` (0: as fast as allowed).
 */
async function guessesInADay(key: string, extraWaitMs: number): Promise<number> {
  let now = START;
  let guesses = 0;
  while (now < START + DAY) {
    const lockedForMs = await takeThrottleAttempt({ keys: [key], now: new Date(now) });
    if (lockedForMs === 0) guesses++;
    else now += lockedForMs + extraWaitMs;
  }
  return guesses;
}

describe('throttle escalation over a day', () => {
  it('lets 33 guesses a day through to someone guessing as fast as the locks allow', async () => {
    // 5 at once, then one after each lock of 1, 2, 4, 8, 16 and 32 minutes (63 minutes in all),
    // then one an hour: 5 + 6 + 22.
    expect(await guessesInADay(throttleKeyForEmail(`${randomUUID()}@throttle.test`), 0)).toBe(33);
    expect(await guessesInADay(throttleKeyForTwoFactor(randomUUID()), 0)).toBe(33);
  });

  it('gains nothing by waiting quietly after each lock, however long', async () => {
    for (const extraWaitMs of [15 * MINUTE + 1, 20 * MINUTE, 2 * 60 * MINUTE, 6 * 60 * MINUTE]) {
      const guesses = await guessesInADay(throttleKeyForTwoFactor(randomUUID()), extraWaitMs);
      expect(guesses, `waiting ${Math.round(extraWaitMs / 1000)} s more`).toBeLessThanOrEqual(33);
    }
  });

  it('keeps escalating across a quiet 16 minutes after a lock, and forgets only after a quiet day', async () => {
    const key = throttleKeyForEmail(`${randomUUID()}@throttle.test`);
    const at = (ms: number) => new Date(START + ms);
    for (let i = 0; i < 5; i++) expect(await takeThrottleAttempt({ keys: [key], now: at(0) })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [key], now: at(0) })).toBe(MINUTE);
    // The lock ended at 1 minute; 16 quiet minutes later one guess goes ahead and locks for 2.
    expect(await takeThrottleAttempt({ keys: [key], now: at(17 * MINUTE) })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [key], now: at(17 * MINUTE) })).toBe(2 * MINUTE);
    // That lock ended at 19 minutes: a day and a moment later the count starts over.
    const later = 19 * MINUTE + DAY + 1;
    for (let i = 0; i < 5; i++) expect(await takeThrottleAttempt({ keys: [key], now: at(later) })).toBe(0);
    expect(await takeThrottleAttempt({ keys: [key], now: at(later) })).toBe(MINUTE);
  });

  it('forgets the escalation at a success', async () => {
    const key = throttleKeyForTwoFactor(randomUUID());
    const at = (ms: number) => new Date(START + ms);
    for (let i = 0; i < 6; i++) await takeThrottleAttempt({ keys: [key], now: at(0) });
    await settleThrottleAttempt({ clear: [key], refund: [] });
    for (let i = 0; i < 5; i++) expect(await takeThrottleAttempt({ keys: [key], now: at(2 * MINUTE) })).toBe(0);
  });
});

describe('mail after wrong two-factor codes', () => {
  async function twoFactorUser() {
    const email = `wrong-codes-${randomUUID()}@throttle.test`;
    const { user } = await createAccountWithUser({ email, password: 'a long enough password' });
    await startTwoFactorSetup({ userId: user.id });
    const secret = (await getTwoFactorStatus({ userId: user.id })).pending!.secret;
    const now = Date.now();
    const code = totpCodeAt({ secret: Secret.fromBase32(secret), timestamp: now });
    const confirmed = await confirmTwoFactorSetup({ userId: user.id, code, ip: null, now: new Date(now) });
    expect(confirmed.ok).toBe(true);
    return { email, userId: user.id };
  }
  const subject = 'Wrong two-factor codes were entered for your Public Data API account';
  const wrongCodeMails = (to: string) => db.mailMessage.findMany({ where: { to, subject } });

  it('mails the owner once when five wrong codes lock the sign-in, not before', async () => {
    const { email, userId } = await twoFactorUser();
    const challenge = issueTwoFactorChallenge({ userId });
    const wrong = () => completeTwoFactorSignIn({ challenge, code: '000000', ip: null });
    for (let i = 0; i < 4; i++) expect(await wrong()).toEqual({ ok: false, reason: 'wrong' });
    expect(await wrongCodeMails(email)).toEqual([]);
    expect(await wrong()).toEqual({ ok: false, reason: 'wrong' });
    // Refused attempts during the lock send nothing more.
    expect(await wrong()).toMatchObject({ ok: false, reason: 'locked' });
    const mails = await wrongCodeMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('5 wrong two-factor codes in a row');
    expect(mails[0]!.text).toContain('/settings');
  });
});
