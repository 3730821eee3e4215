import 'server-only';

import { db } from '@/lib/db';

import { noteWrongTwoFactorCodes } from './note-wrong-two-factor-codes';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { openSecret } from './secret-box';
import { settleThrottleAttempt } from './settle-throttle-attempt';
import { takeThrottleAttempt } from './take-throttle-attempt';
import { throttleKeyForIp, throttleKeyForTwoFactor } from './throttle-policy';
import { matchTotpStep } from './totp';

export const TOTP_SECRET_PURPOSE = 'totp-secret';

export type TwoFactorCodeResult =
  | { ok: true; used: 'code' | 'recovery_code' }
  | { ok: false; reason: 'wrong' }
  | { ok: false; reason: 'locked'; retryAfterMinutes: number };

export type ThrottledCodeCheck<T> = { userId: string; ip: string | null; check: () => Promise<T | null> };

/**
 * Runs `check` as one throttled attempt on the user's two-factor key and the address's sign-in key
 * (the attempt is counted before the code is looked at, as passwords are). A check that succeeds
 * forgets the user's count and gives the address its attempt back; wrong codes that lock the
 * user's key are mailed to the owner.
 */
export async function throttledCodeCheck<T>({
  userId,
  ip,
  check,
}: ThrottledCodeCheck<T>): Promise<{ ok: true; value: T } | Exclude<TwoFactorCodeResult, { ok: true }>> {
  const userKey = throttleKeyForTwoFactor(userId);
  const ipKey = ip ? throttleKeyForIp(ip) : null;
  const lockedForMs = await takeThrottleAttempt({ keys: ipKey ? [userKey, ipKey] : [userKey] });
  if (lockedForMs > 0)
    return { ok: false, reason: 'locked', retryAfterMinutes: Math.max(1, Math.ceil(lockedForMs / 60_000)) };
  const value = await check();
  if (value === null) {
    await noteWrongTwoFactorCodes({ userId });
    return { ok: false, reason: 'wrong' };
  }
  await settleThrottleAttempt({ clear: [userKey], refund: ipKey ? [ipKey] : [] });
  return { ok: true, value };
}

/**
 * Takes a code of an enabled user's authenticator, or one of their unused recovery codes (which
 * is used up). A code is accepted once: its step is remembered, and an earlier or equal step is
 * refused (the same code seen twice, or an old one replayed). Both are single statements, so two
 * parallel requests with one code cannot both pass.
 */
async function consumeCode(userId: string, code: string, now: Date): Promise<'code' | 'recovery_code' | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!user?.totpEnabledAt || !user.totpSecret) return null;
  if (looksLikeRecoveryCode(code)) {
    const used = await db.twoFactorRecoveryCode.updateMany({
      where: { userId, codeHash: hashRecoveryCode(code), usedAt: null },
      data: { usedAt: now },
    });
    return used.count === 1 ? 'recovery_code' : null;
  }
  const secret = openSecret(user.totpSecret, TOTP_SECRET_PURPOSE);
  const step = secret ? matchTotpStep(secret, code, now.getTime()) : null;
  if (step === null) return null;
  const taken = await db.user.updateMany({
    where: { id: userId, totpEnabledAt: { not: null }, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return taken.count === 1 ? 'code' : null;
}

export type VerifyTwoFactorCodeOptions = { userId: string; code: string; ip: string | null; now?: Date };

/** A second-factor code (or recovery code) of a user with two-factor sign-in on, throttled. */
export async function verifyTwoFactorCode({
  userId,
  code,
  ip,
  now = new Date(),
}: VerifyTwoFactorCodeOptions): Promise<TwoFactorCodeResult> {
  const result = await throttledCodeCheck({ userId, ip, check: () => consumeCode(userId, code, now) });
  return result.ok ? { ok: true, used: result.value } : result;
}
