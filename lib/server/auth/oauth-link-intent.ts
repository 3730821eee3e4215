import 'server-only';

import { z } from 'zod';

import { signPayload, verifySignedPayload } from './secret-box';

// Between "Link GitHub" in /settings (after the password or code was asked again) and the
// provider's callback: a signed, short-lived token (an httpOnly cookie read only by the callback
// path) naming the signed-in user, their session and the provider. With it, the callback links
// the identity to that user instead of signing anyone in.

export const OAUTH_LINK_COOKIE = 'oauth-link-intent';
export const OAUTH_LINK_COOKIE_PATH = '/api/auth/callback';
/** Time to get through the provider's consent screen. */
export const OAUTH_LINK_INTENT_MS = 10 * 60_000;

const PURPOSE = 'oauth-link-intent';
const payloadSchema = z.object({
  userId: z.string().min(1),
  accountId: z.string().min(1),
  sessionId: z.string().min(1),
  signedInAt: z.number().int(),
  provider: z.string().min(1),
  expiresAt: z.number().int(),
});

export type OAuthLinkIntent = Omit<z.infer<typeof payloadSchema>, 'expiresAt'>;

export function issueOAuthLinkIntent(intent: OAuthLinkIntent, now: Date = new Date()): string {
  return signPayload({ ...intent, expiresAt: now.getTime() + OAUTH_LINK_INTENT_MS }, PURPOSE);
}

/** The intent the token carries, or null when it is forged, altered or expired. */
export function readOAuthLinkIntent(token: string | undefined, now: Date = new Date()): OAuthLinkIntent | null {
  if (!token) return null;
  const parsed = payloadSchema.safeParse(verifySignedPayload(token, PURPOSE));
  if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
  const { expiresAt: _expiresAt, ...intent } = parsed.data;
  return intent;
}
