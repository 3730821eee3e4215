import 'server-only';

import { db } from '@/lib/db';

import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { verifyTwoFactorCode, type TwoFactorCodeResult } from './verify-two-factor-code';

export type RegenerateRecoveryCodesOptions = { userId: string; code: string; ip: string | null; now?: Date };

/** Ten new recovery codes in place of the old ones (used or not), given a current code. */
export async function regenerateRecoveryCodes({
  userId,
  code,
  ip,
  now = new Date(),
}: RegenerateRecoveryCodesOptions): Promise<
  { ok: true; recoveryCodes: string[] } | Exclude<TwoFactorCodeResult, { ok: true }>
> {
  const verified = await verifyTwoFactorCode({ userId, code, ip, now });
  if (!verified.ok) return verified;
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.$transaction([
    db.twoFactorRecoveryCode.deleteMany({ where: { userId } }),
    db.twoFactorRecoveryCode.createMany({
      data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })),
    }),
  ]);
  return { ok: true, recoveryCodes };
}
