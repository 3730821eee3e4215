// Concurrency limits per account per endpoint, and that a slot is released however a call ends.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const gate = new GatedProvider();
let api: TestApi;
// A second runtime whose upstream deadline is short, for the timeout case.
let impatient: TestApi;

beforeAll(async () => {
  api = await startTestApi({ providerFor: () => gate, timeoutMs: 20_000 });
  impatient = await startTestApi({ providerFor: () => gate, timeoutMs: 300 });
});
afterAll(async () => {
  gate.release();
  await Promise.all([api.close(), impatient.close()]);
});

const posts = { community: 'news' };

describe('concurrency limits', () => {
  test('answers the 11th simultaneous request to one endpoint with 429 and Retry-After', async () => {
    gate.close();
    const { key } = await newAccountWithKey();
    const held = Array.from({ length: 10 }, () => api.get('/v1/forumsite/community/posts', { key, params: posts }));
    await gate.waitForWaiting(10);
    const extra = await api.get('/v1/forumsite/community/posts', { key, params: posts });
    expect(extra.status).toBe(429);
    expect(extra.headers.get('retry-after')).toBe('1');
    expect(await extra.json()).toEqual({
      code: 'concurrency_limit_exceeded',
      error: 'Too many simultaneous requests to /v1/forumsite/community/posts: at most 10 at a time per account',
    });
    gate.release();
    const statuses = (await Promise.all(held)).map((r) => r.status);
    expect(statuses).toEqual(Array(10).fill(200));
    // All ten slots came back.
    expect((await api.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
  });

  test('limits shop product search to 5 and counts other endpoints separately', async () => {
    gate.close();
    const { key } = await newAccountWithKey();
    const held = Array.from({ length: 5 }, () => api.get('/v1/shop/products', { key, params: { query: 'lamp' } }));
    await gate.waitForWaiting(5);
    expect((await api.get('/v1/shop/products', { key, params: { query: 'lamp' } })).status).toBe(429);
    const other = api.get('/v1/shop/seller', { key, params: { seller_id: 'A1B2C3D4E5' } });
    await gate.waitForWaiting(6);
    gate.release();
    expect((await other).status).toBe(200);
    expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);
  });

  test('counts each account separately', async () => {
    gate.close();
    const first = await newAccountWithKey();
    const second = await newAccountWithKey();
    const held = Array.from({ length: 10 }, () =>
      api.get('/v1/forumsite/community/posts', { key: first.key, params: posts }),
    );
    await gate.waitForWaiting(10);
    const other = api.get('/v1/forumsite/community/posts', { key: second.key, params: posts });
    await gate.waitForWaiting(11);
    gate.release();
    expect((await other).status).toBe(200);
    await Promise.all(held);
  });
});

describe('slot release', () => {
  test('releases slots of calls that time out upstream (504) and bills nothing', async () => {
    gate.close();
    const { key } = await newAccountWithKey();
    const timedOut = await Promise.all(
      Array.from({ length: 10 }, () => impatient.get('/v1/forumsite/community/posts', { key, params: posts })),
    );
    for (const response of timedOut) {
      expect(response.status).toBe(504);
      expect((await response.json()).code).toBe('upstream_timeout');
      expect(response.headers.get('x-billed-units')).toBe('0');
    }
    gate.release();
    const after = await Promise.all(
      Array.from({ length: 10 }, () => impatient.get('/v1/forumsite/community/posts', { key, params: posts })),
    );
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  test('releases slots of calls whose client went away', async () => {
    gate.close();
    const { key } = await newAccountWithKey();
    const controllers = Array.from({ length: 10 }, () => new AbortController());
    const calls = controllers.map((c) =>
      api.runtime.gateway.fetch(
        new Request('http://api.test/v1/forumsite/community/posts?community=news', {
          headers: { 'x-api-key': key },
          signal: c.signal,
        }),
      ),
    );
    await gate.waitForWaiting(10);
    controllers.forEach((c) => c.abort());
    await Promise.all(calls);
    gate.release();
    const after = await Promise.all(
      Array.from({ length: 10 }, () => api.get('/v1/forumsite/community/posts', { key, params: posts })),
    );
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  test('releases slots of calls that failed with a provider error', async () => {
    gate.release();
    const { key } = await newAccountWithKey();
    const failed = await Promise.all(
      Array.from({ length: 12 }, () =>
        api.get('/v1/forumsite/community/posts', { key, params: { community: 'sandbox_upstream_error' } }),
      ),
    );
    expect(failed.filter((r) => r.status === 502).length).toBeGreaterThanOrEqual(10);
    expect((await api.get('/v1/forumsite/community/posts', { key, params: posts })).status).toBe(200);
  });
});

describe('database outage', () => {
  test('answers 503 service_unavailable with Retry-After when PostgreSQL cannot be reached', async () => {
    const down = await startTestApi({ databaseUrl: 'postgresql://nobody@127.0.0.1:1/none', timeoutMs: 1000 });
    try {
      const { key } = await newAccountWithKey();
      const response = await down.get('/v1/forumsite/community', { key, params: { community: 'news' } });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.json()).toEqual({
        error: 'The service is briefly unavailable. Retry with exponential backoff.',
        code: 'service_unavailable',
      });
    } finally {
      await down.close();
    }
  });
});
