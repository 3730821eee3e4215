import 'server-only';

import { createHash, randomBytes } from 'node:crypto';

import { db } from '@/lib/db';
import type { UserTokenPurpose } from '@/lib/generated/prisma/client';

/** How long a mailed link works. */
export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  password_reset: 30 * 60_000,
  email_verification: 24 * 3600_000,
  // Read by the previous owner of an address, maybe days after the change.
  account_recovery: 7 * 24 * 3600_000,
};

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Makes a token for a mailed link and returns its plaintext (only the hash is stored). Earlier
 * unused tokens of the same purpose stop working: only the latest link does. Recovery links are
 * the exception: each went to an address that owned the account, and a later change (by whoever
 * holds the account now) must not take the way back from an earlier owner (see secureAccount).
 */
export async function issueUserToken({
  userId,
  purpose,
  email,
  now = new Date(),
}: {
  userId: string;
  purpose: UserTokenPurpose;
  email: string;
  now?: Date;
}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const replaced =
    purpose === 'account_recovery'
      ? []
      : [db.userToken.updateMany({ where: { userId, purpose, usedAt: null }, data: { usedAt: now } })];
  await db.$transaction([
    ...replaced,
    db.userToken.create({
      data: {
        userId,
        purpose,
        email,
        tokenHash: hashToken(token),
        // The caller's clock: a recovery link marks what following it undoes (secureAccount).
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
      },
    }),
  ]);
  return token;
}

export type TokenCheck =
  | { ok: true; tokenId: string; userId: string; email: string }
  | { ok: false; reason: 'invalid' | 'expired' | 'used' };

/** What a token is worth now, without using it. */
export async function checkUserToken({
  token,
  purpose,
  now = new Date(),
}: {
  token: string;
  purpose: UserTokenPurpose;
  now?: Date;
}): Promise<TokenCheck> {
  const row = await db.userToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.purpose !== purpose) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, tokenId: row.id, userId: row.userId, email: row.email };
}
