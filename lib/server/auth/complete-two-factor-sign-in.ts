import 'server-only';

import { db } from '@/lib/db';

import { readTwoFactorChallenge } from './two-factor-challenge';
import { verifyTwoFactorCode, type TwoFactorCodeResult } from './verify-two-factor-code';

export type CompleteTwoFactorSignInOptions = { challenge: string; code: string; ip: string | null; now?: Date };

export type CompleteTwoFactorSignInResult =
  | { ok: true; user: { id: string; email: string; accountId: string }; via?: string }
  | Exclude<TwoFactorCodeResult, { ok: true }>
  | { ok: false; reason: 'expired' };

/** The second step of a sign-in (password or OAuth): the challenge of the first step, and a code. */
export async function completeTwoFactorSignIn({
  challenge,
  code,
  ip,
  now = new Date(),
}: CompleteTwoFactorSignInOptions): Promise<CompleteTwoFactorSignInResult> {
  const pending = readTwoFactorChallenge({ token: challenge, now });
  if (!pending) return { ok: false, reason: 'expired' };
  const verified = await verifyTwoFactorCode({ userId: pending.userId, code, ip, now });
  if (!verified.ok) return verified;
  const user = await db.user.findUnique({
    where: { id: pending.userId },
    select: { id: true, email: true, accountId: true },
  });
  if (!user) return { ok: false, reason: 'expired' };
  return { ok: true, user, ...(pending.via ? { via: pending.via } : {}) };
}
