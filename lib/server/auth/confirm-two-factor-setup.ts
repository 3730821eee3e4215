import 'server-only';

import { db } from '@/lib/db';

import { hashRecoveryCode, newRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';
import { openSecret } from './secret-box';
import { prepareSignInChangeNotice } from './sign-in-change-notice';
import { matchTotpStep } from './totp';
import { throttledCodeCheck, TOTP_SECRET_PURPOSE, type TwoFactorCodeResult } from './verify-two-factor-code';

export type ConfirmTwoFactorSetupOptions = { userId: string; code: string; ip: string | null; now?: Date };

export type ConfirmTwoFactorSetupResult =
  | { ok: true; recoveryCodes: string[] }
  | Exclude<TwoFactorCodeResult, { ok: true }>
  | { ok: false; reason: 'not_started' };

/**
 * Turns two-factor sign-in on once the app shows a right code for the pending secret (so nobody is
 * locked out by a secret their app never took). Answers the ten recovery codes, the only time they
 * are seen: only their hashes are kept. Code guesses are throttled as at sign-in. The address is
 * mailed, with the account-recovery link that turns it off again. The caller asks for the current
 * password first (lib/actions/two-factor.ts).
 */
export async function confirmTwoFactorSetup({
  userId,
  code,
  ip,
  now = new Date(),
}: ConfirmTwoFactorSetupOptions): Promise<ConfirmTwoFactorSetupResult> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpPendingSecret: true, totpEnabledAt: true },
  });
  const pending = user.totpPendingSecret;
  const secret = pending && !user.totpEnabledAt ? openSecret(pending, TOTP_SECRET_PURPOSE) : null;
  if (!pending || !secret) return { ok: false, reason: 'not_started' };
  const result = await throttledCodeCheck({
    userId,
    ip,
    check: async () => {
      const step = matchTotpStep(secret, code, now.getTime());
      if (step === null) return null;
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      // The address is told, with a recovery link made before the change (following it turns this off).
      const sendNotice = await prepareSignInChangeNotice({
        userId,
        email: user.email,
        change: { kind: 'two_factor_on' },
        now,
      });
      const enabled = await db.$transaction(async (tx) => {
        // Only the secret that was shown: a set-up restarted in another tab in between fails here.
        const turnedOn = await tx.user.updateMany({
          where: { id: userId, totpPendingSecret: pending, totpEnabledAt: null },
          data: { totpSecret: pending, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step },
        });
        if (turnedOn.count !== 1) return false;
        await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
        await tx.twoFactorRecoveryCode.createMany({
          data: recoveryCodes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })),
        });
        return true;
      });
      if (!enabled) return null;
      await sendNotice();
      return recoveryCodes;
    },
  });
  return result.ok ? { ok: true, recoveryCodes: result.value } : result;
}
