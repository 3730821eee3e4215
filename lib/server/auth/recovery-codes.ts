import 'server-only';

import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are read off paper.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * "xxxxx-xxxxx": 10 characters of a 31-letter alphabet, about 50 bits. At least one letter, so it
 * is never taken for an app's (all-digit) code.
 */
export function newRecoveryCode(): string {
  for (;;) {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]!);
    if (chars.some((c) => c >= 'a')) return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  }
}

/** Case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** What is stored: the codes are random enough that a plain SHA-256 cannot be searched. */
export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Ten letters and digits with at least one letter: a recovery code, not an app's code. */
export function looksLikeRecoveryCode(code: string): boolean {
  const normalized = normalizeRecoveryCode(code);
  return /^[a-z0-9]{10}$/.test(normalized) && /[a-z]/.test(normalized);
}
