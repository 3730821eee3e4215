import 'server-only';

import { timingSafeEqual } from 'node:crypto';

import { scryptAsync } from './hash-password';
import { SCRYPT_MAXMEM } from './scrypt-params';

// Verified against when the email is unknown or has no password, so that the answer takes as
// long as for a real user (a hash of a random string nobody knows).
const DUMMY_HASH = 'scrypt$16384$8$1$dW5rbm93bi11c2VyLXNhbHQ=$3W0d2iN1Hk0l1t7Vn0sU5Yl0p2YJmG9e9zY2H8pQx1A=';

/**
 * Whether `password` matches a `scrypt$N$r$p$salt$hash` string. `storedHash` null (unknown
 * email, or an account without a password) still does the full scrypt work and answers false.
 */
export async function verifyPassword(password: string, storedHash: string | null): Promise<boolean> {
  const parts = (storedHash ?? DUMMY_HASH).split('$');
  const [scheme, n, r, p, saltText, hashText] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64');
  const derived = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT_MAXMEM,
  });
  const matches = derived.length === expected.length && timingSafeEqual(derived, expected);
  return matches && storedHash !== null;
}
