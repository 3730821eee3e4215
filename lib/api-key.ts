// API key format, generation and hashing. Pure (no server-only): the API gateway imports it too.
import { createHash, randomBytes } from 'node:crypto';

const API_KEY_PREFIX = 'ak_live_';
const API_KEY_RANDOM_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 248 = 4 * 62: bytes at or above it are discarded so every character is equally likely.
const UNBIASED_BYTE_LIMIT = 256 - (256 % BASE62.length);
const API_KEY_PATTERN = /^ak_live_[0-9A-Za-z]{40}$/;

/** A new key: `ak_live_` followed by 40 base62 characters from a CSPRNG. */
export function generateApiKey(): string {
  let random = '';
  while (random.length < API_KEY_RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte >= UNBIASED_BYTE_LIMIT) continue;
      random += BASE62[byte % BASE62.length];
      if (random.length === API_KEY_RANDOM_LENGTH) break;
    }
  }
  return API_KEY_PREFIX + random;
}

/** SHA-256 of the whole key, lowercase hex: what the database stores and looks keys up by. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** What the console may show of a key: `ak_live_AbCd` and the last four characters. */
export function apiKeyDisplay(key: string): { prefix: string; last4: string } {
  return { prefix: key.slice(0, API_KEY_PREFIX.length + 4), last4: key.slice(-4) };
}

export function isApiKeyFormat(s: string): boolean {
  return API_KEY_PATTERN.test(s);
}
