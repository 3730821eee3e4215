// Deterministic randomness for the sandbox: the same endpoint and parameters always give the
// same data. A seed comes from an FNV-1a hash of the inputs; mulberry32 draws from it.
import { ProviderError, type ProviderErrorCode } from '../../registry/types';

export function hashString(input: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;
  constructor(seed: number | string) {
    this.state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }
  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  bool(probability = 0.5): boolean {
    return this.next() < probability;
  }
  /** A string of base-36 or decimal digits. */
  id(length: number, alphabet = '0123456789abcdefghijklmnopqrstuvwxyz'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
  /** A Unix timestamp (seconds) within `days` days before the fixed sandbox epoch. */
  timestamp(days = 365): number {
    return SANDBOX_NOW - this.int(0, days * 86400);
  }
}

/** The sandbox's fixed "now" (2026-11-01 00:00:00 UTC) so that data does not drift between runs. */
export const SANDBOX_NOW = 1793491200;

/** A seeded generator for one call: stable for the same path and parameters. */
export function rngFor(path: string, params: Record<string, unknown>, salt = ''): Rng {
  const keys = Object.keys(params)
    .filter((k) => k !== 'get_sentiment')
    .sort();
  return new Rng(`${path}?${keys.map((k) => `${k}=${String(params[k])}`).join('&')}#${salt}`);
}

/** "YYYY-MM-DD HH:MM:SS" in UTC, the spec's date format. */
export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Sandbox inputs that produce each documented error, shared by every family. A parameter value
 * (a username, ASIN, seller id, community, channel, query, ...) equal to one of these keys
 * answers with that error. docs/api.md lists them.
 */
const sandboxErrorInputs: Record<string, ProviderErrorCode> = {
  sandbox_not_found: 'not_found',
  sandbox_private: 'private_account',
  sandbox_limited: 'limited_account',
  sandbox_rate_limited: 'upstream_rate_limit',
  sandbox_upstream_error: 'upstream_error',
  sandbox_timeout: 'upstream_timeout',
};

/** Throws the documented error when any string parameter is a sandbox error input. */
export function throwOnSandboxInput(params: Record<string, unknown>, allowed: readonly ProviderErrorCode[]): void {
  for (const value of Object.values(params)) {
    if (typeof value !== 'string') continue;
    const code = sandboxErrorInputs[value.toLowerCase()];
    if (code && (allowed.includes(code) || code.startsWith('upstream_'))) {
      throw new ProviderError(code, `Sandbox: ${code.replace(/_/g, ' ')} for '${value}'`);
    }
  }
}

/** Items available for a query: some queries run out before the last page that was asked for. */
export function availableItems(rng: Rng, pageSize: number, maxPages: number): number {
  // About one query in three runs out early, so that "only pages returned are billed" shows.
  return rng.bool(0.35) ? rng.int(1, Math.max(1, Math.floor(pageSize * 2.5))) : pageSize * maxPages;
}

const words = [
  'great',
  'service',
  'quality',
  'price',
  'amazing',
  'terrible',
  'love',
  'hate',
  'coffee',
  'travel',
  'music',
  'movie',
  'weekend',
  'update',
  'launch',
  'news',
  'story',
  'team',
  'game',
  'city',
  'market',
  'design',
  'review',
  'happy',
  'sad',
  'surprised',
  'worried',
  'excited',
  'community',
  'project',
  'release',
  'photo',
  'video',
  'friends',
  'family',
  'recipe',
  'garden',
  'science',
  'policy',
  'vote',
];
const sentences = [
  'I love how this turned out, absolutely amazing!',
  'Not sure what to think about this update.',
  'This is terrible, I am so disappointed.',
  'Wow, did not expect that at all!',
  'Really worried about where this is heading.',
  'Thank you all for the support, it means a lot.',
  'Cannot wait for the launch next week!',
  'That was disgusting, never again.',
  'Honestly the best day in a long time 😍',
  'Why does this keep happening? So frustrating.',
  'A quiet morning with coffee and a good book.',
  'We finally did it, so proud of the team!!!',
];

/** A short, realistic text for a post, comment or review. */
export function sentence(rng: Rng): string {
  return `${rng.pick(sentences)} ${rng.pick(words)} ${rng.pick(words)}`;
}

export function titleWords(rng: Rng, count = 4): string {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(rng.pick(words));
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1);
}
