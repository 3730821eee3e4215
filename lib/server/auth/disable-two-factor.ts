import 'server-only';

import { db } from '@/lib/db';

import { prepareSignInChangeNotice } from './sign-in-change-notice';
import { verifyTwoFactorCode, type TwoFactorCodeResult } from './verify-two-factor-code';

export type DisableTwoFactorOptions = { userId: string; code: string; ip: string | null; now?: Date };

/**
 * Turns two-factor sign-in off, given a current code or an unused recovery code (a lost phone),
 * so a borrowed session alone cannot. Throttled as at sign-in. The address is mailed.
 */
export async function disableTwoFactor({
  userId,
  code,
  ip,
  now = new Date(),
}: DisableTwoFactorOptions): Promise<{ ok: true } | Exclude<TwoFactorCodeResult, { ok: true }>> {
  const verified = await verifyTwoFactorCode({ userId, code, ip, now });
  if (!verified.ok) return verified;
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const sendNotice = await prepareSignInChangeNotice({ userId, email, change: { kind: 'two_factor_off' }, now });
  await db.$transaction([
    db.user.update({
      where: { id: userId },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    }),
    db.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
  ]);
  await sendNotice();
  return { ok: true };
}
