import 'server-only';

import { db } from '@/lib/db';

import { sealSecret } from './secret-box';
import { newTotpSecret } from './totp';
import { TOTP_SECRET_PURPOSE } from './verify-two-factor-code';

export type StartTwoFactorSetupResult = { ok: true } | { ok: false; reason: 'already_enabled' | 'no_password' };

/**
 * A new secret waiting for its first code (confirmTwoFactorSetup). Starting again replaces it, so
 * a QR code photographed earlier is worth nothing. Two-factor sign-in guards the password: users
 * who sign in only through GitHub or Google are protected by the provider's own second factor.
 */
export async function startTwoFactorSetup({ userId }: { userId: string }): Promise<StartTwoFactorSetupResult> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { totpEnabledAt: true, passwordHash: true },
  });
  if (user.totpEnabledAt) return { ok: false, reason: 'already_enabled' };
  if (!user.passwordHash) return { ok: false, reason: 'no_password' };
  await db.user.update({
    where: { id: userId },
    data: { totpPendingSecret: sealSecret(newTotpSecret(), TOTP_SECRET_PURPOSE) },
  });
  return { ok: true };
}
