import { expect, test } from 'vitest';
import { findEndpoint } from '../../registry';
import { cachedParams, keepParams } from '../params-cache';

const endpoint = findEndpoint('/v1/socialnet/locations')!;

test('valid parameters are kept per endpoint and query string, frozen, and the cache starts over when full', () => {
  const search = `?query=params-cache-${Date.now()}`;
  expect(cachedParams(endpoint, search)).toBeUndefined();
  const kept = { query: 'berlin' };
  const entry = keepParams(endpoint, search, kept);
  expect(cachedParams(endpoint, search)).toBe(entry);
  expect(entry.params).toBe(kept);
  expect(Object.isFrozen(kept)).toBe(true);
  expect(() => {
    (kept as Record<string, unknown>).query = 'paris';
  }).toThrow(TypeError);
  // Another endpoint with the same query string is another entry.
  expect(cachedParams(findEndpoint('/v1/socialnet/group')!, search)).toBeUndefined();
  for (let i = 0; i < 4096; i++) keepParams(endpoint, `?query=filler-${i}`, { query: `filler-${i}` });
  expect(cachedParams(endpoint, search)).toBeUndefined();
});

test('keeps the logged query string beside the parameters: made once per distinct query string, not per call', () => {
  const search = `?query=logged-${Date.now()}`;
  const entry = keepParams(endpoint, search, { query: 'coffee shops', pages: 2 });
  expect(entry.logged).toBe('query=coffee+shops&pages=2');
  // The same string object for every later call with this query string.
  expect(cachedParams(endpoint, search)!.logged).toBe(entry.logged);
  expect(keepParams(endpoint, `?x=${Date.now()}`, {}).logged).toBeNull();
});
