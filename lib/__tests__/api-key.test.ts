import { describe, expect, it } from 'vitest';

import { apiKeyDisplay, generateApiKey, hashApiKey, isApiKeyFormat } from '@/lib/api-key';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

describe('generateApiKey', () => {
  it('returns ak_live_ followed by 40 base62 characters', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^ak_live_[0-9A-Za-z]{40}$/);
    expect(key).toHaveLength(48);
    expect(isApiKeyFormat(key)).toBe(true);
  });

  it('never repeats a key over 10,000 generations', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => generateApiKey()));
    expect(keys.size).toBe(10_000);
  });

  it('uses every base62 character about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const keys = 10_000;
    for (let i = 0; i < keys; i++) {
      for (const char of generateApiKey().slice(8)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect(new Set(counts.keys())).toEqual(new Set(BASE62));
    const expected = (keys * 40) / 62; // about 6452 per character
    // Modulo bias (256 % 62 = 8) would give the first 8 characters about 25% more: 8065.
    for (const [, count] of counts) {
      expect(Math.abs(count - expected) / expected).toBeLessThan(0.06);
    }
    const first8 = [...BASE62.slice(0, 8)].reduce((sum, c) => sum + (counts.get(c) ?? 0), 0) / 8;
    const rest = [...BASE62.slice(8)].reduce((sum, c) => sum + (counts.get(c) ?? 0), 0) / 54;
    expect(first8 / rest).toBeLessThan(1.03);
  });
});

describe('hashApiKey', () => {
  it('is SHA-256 in lowercase hex', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('differs for keys that differ in one character', () => {
    const key = generateApiKey();
    const other = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    expect(hashApiKey(key)).not.toBe(hashApiKey(other));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('apiKeyDisplay', () => {
  it('shows the prefix with four random characters and the last four', () => {
    const key = `ak_live_AbCd${'x'.repeat(32)}WXYZ`;
    expect(apiKeyDisplay(key)).toEqual({ prefix: 'ak_live_AbCd', last4: 'WXYZ' });
  });
});

describe('isApiKeyFormat', () => {
  it.each([
    ['', false],
    ['ak_live_', false],
    [`ak_test_${'a'.repeat(40)}`, false],
    [`ak_live_${'a'.repeat(39)}`, false],
    [`ak_live_${'a'.repeat(41)}`, false],
    [`ak_live_${'a'.repeat(39)}-`, false],
    [` ak_live_${'a'.repeat(40)}`, false],
    [`ak_live_${'aZ09'.repeat(10)}`, true],
  ])('answers %j with %s', (input, expected) => {
    expect(isApiKeyFormat(input)).toBe(expected);
  });
});
