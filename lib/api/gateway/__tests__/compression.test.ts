// Accept-Encoding negotiation (RFC 9110 §12.5.3): q-values, refusals, the wildcard.
import { describe, expect, test } from 'vitest';
import { negotiateEncoding } from '../compression';

describe('negotiateEncoding', () => {
  test.each([
    [null, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['GZIP, BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['gzip;q=0, *', 'br'],
    ['br;q=0, *;q=0.1', 'gzip'],
    ['deflate', null],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
