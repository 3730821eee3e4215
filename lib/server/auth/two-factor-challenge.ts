import 'server-only';

import { z } from 'zod';

import { signPayload, verifySignedPayload } from './secret-box';

// Between the two steps of a two-factor sign-in: the password was right, the code is still to
// come. A signed, short-lived token (in an httpOnly cookie) names the user; it is no session.

/** How long the code step waits after the password step. */
export const TWO_FACTOR_CHALLENGE_MS = 5 * 60_000;
export const TWO_FACTOR_COOKIE = 'two-factor-challenge';

const PURPOSE = 'two-factor-challenge';
const payloadSchema = z.object({
  userId: z.string().min(1),
  expiresAt: z.number().int(),
  // How the first step signed in: absent for a password, else the OAuth provider.
  via: z.string().min(1).optional(),
});

export function issueTwoFactorChallenge({
  userId,
  via,
  now = new Date(),
}: {
  userId: string;
  /** The OAuth provider the first step came through (none: the password). */
  via?: string;
  now?: Date;
}): string {
  return signPayload({ userId, ...(via ? { via } : {}), expiresAt: now.getTime() + TWO_FACTOR_CHALLENGE_MS }, PURPOSE);
}

/** The user the token was issued to, or null when it is forged, altered or expired. */
export function readTwoFactorChallenge({
  token,
  now = new Date(),
}: {
  token: string;
  now?: Date;
}): { userId: string; via?: string } | null {
  const parsed = payloadSchema.safeParse(verifySignedPayload(token, PURPOSE));
  if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
  return { userId: parsed.data.userId, ...(parsed.data.via ? { via: parsed.data.via } : {}) };
}
