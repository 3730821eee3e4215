import { expect, test } from 'vitest';
import { findEndpoint } from '../../registry';
import { cachedParams, keepParams } from '../params-cache';

const endpoint = findEndpoint('/v1/socialnet/locations')!;

test('valid parameters are kept per endpoint and query string, frozen, and the cache starts over when full', () => {
  const search = `?query=params-cache-${Date.now()}`;
  expect(cachedParams(endpoint, search)).toBeUndefined();
  const kept = { query: 'berlin' };
  keepParams(endpoint, search, kept);
  expect(cachedParams(endpoint, search)).toBe(kept);
  expect(Object.isFrozen(kept)).toBe(true);
  expect(() => {
    (kept as Record<string, unknown>).query = 'paris';
  }).toThrow(TypeError);
  // Another endpoint with the same query string is another entry.
  expect(cachedParams(findEndpoint('/v1/socialnet/group')!, search)).toBeUndefined();
  for (let i = 0; i < 4096; i++) keepParams(endpoint, `?query=filler-${i}`, { query: `filler-${i}` });
  expect(cachedParams(endpoint, search)).toBeUndefined();
});
