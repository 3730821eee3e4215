import 'server-only';

import { db } from '@/lib/db';

import { verifyTwoFactorCode, type TwoFactorCodeResult } from './verify-two-factor-code';

export type DisableTwoFactorOptions = { userId: string; code: string; ip: string | null; now?: Date };

/**
 * Turns two-factor sign-in off, given a current code or an unused recovery code (a lost phone),
 * so a borrowed session alone cannot. Throttled as at sign-in.
 */
export async function disableTwoFactor({
  userId,
  code,
  ip,
  now = new Date(),
}: DisableTwoFactorOptions): Promise<{ ok: true } | Exclude<TwoFactorCodeResult, { ok: true }>> {
  const verified = await verifyTwoFactorCode({ userId, code, ip, now });
  if (!verified.ok) return verified;
  await db.$transaction([
    db.user.update({
      where: { id: userId },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    db.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
  ]);
  return { ok: true };
}
