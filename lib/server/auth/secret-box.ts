import 'server-only';

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

import { env } from '@/lib/env';

// Keys derived from AUTH_SECRET, one per purpose, so a value made for one use never passes for
// another. Changing AUTH_SECRET makes stored two-factor secrets unreadable (users then sign in with
// a recovery code and set two-factor up again), as it signs every session out.
function derivedKey(purpose: string): Buffer {
  if (!env.AUTH_SECRET) throw new Error('AUTH_SECRET is not set: two-factor sign-in needs it');
  return Buffer.from(hkdfSync('sha256', env.AUTH_SECRET, '', `public-data-api:${purpose}`, 32));
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", base64url parts. */
export function sealSecret(plaintext: string, purpose: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext of sealSecret's output, or null when it was sealed with another key or altered. */
export function openSecret(sealed: string, purpose: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** "<payload>.<HMAC-SHA256>" of a JSON payload, base64url. */
export function signPayload(payload: object, purpose: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', derivedKey(purpose)).update(body).digest('base64url')}`;
}

/** The payload of signPayload's output, or null when the signature does not match. */
export function verifySignedPayload(token: string, purpose: string): unknown {
  const [body, signature] = token.split('.');
  if (!body || !signature) return null;
  const expected = createHmac('sha256', derivedKey(purpose)).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return null;
  }
}
