// Which source serves a family (lib/api/providers/sources.ts and index.ts), and the politeness
// shared through Redis by several processes.
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { findEndpoint } from '@/lib/api/registry';
import { ProviderError, type EndpointDefinition } from '@/lib/api/registry/types';
import { sandboxProvider } from '@/lib/api/providers/sandbox';
import { requireRedis } from '@/lib/testing/require-service';
import { createProviderResolver } from '../..';
import { HttpProvider } from '../../http-provider';
import { resolveSources } from '../../sources';
import { politenessFor } from '..';
import { RedisPoliteness } from '../politeness';
import { testAdapter } from './support/test-adapter';

const adapters = { textthreads: testAdapter() };
const endpoint = (path: string) => findEndpoint(path) as EndpointDefinition;

describe('source selection', () => {
  test('serves every family from the sandbox by default', () => {
    const sources = resolveSources({}, adapters);
    expect(Object.values(sources).map((s) => s.source)).toEqual(Object.values(sources).map(() => 'sandbox'));
    expect(createProviderResolver({}, { adapters })(endpoint('/v1/textthreads/user/posts'))).toBe(sandboxProvider);
  });

  test('DATA_SOURCE=live serves families with an adapter live and leaves the others on the sandbox or their upstream', () => {
    const sources = resolveSources({ DATA_SOURCE: 'live', UPSTREAM_SHOP_URL: 'http://upstream.test' }, adapters);
    expect(sources.textthreads).toMatchObject({ source: 'live', liveBaseUrl: 'https://test.invalid' });
    expect(sources.shop.source).toBe('upstream');
    expect(sources.forumsite.source).toBe('sandbox');
    const resolve = createProviderResolver(
      { DATA_SOURCE: 'live', UPSTREAM_SHOP_URL: 'http://upstream.test' },
      { adapters },
    );
    expect(resolve(endpoint('/v1/textthreads/user/posts'))).not.toBe(sandboxProvider);
    expect(resolve(endpoint('/v1/shop/products'))).toBeInstanceOf(HttpProvider);
    expect(resolve(endpoint('/v1/forumsite/community/posts'))).toBe(sandboxProvider);
  });

  test('DATA_SOURCE_<FAMILY> overrides DATA_SOURCE, and LIVE_<FAMILY>_URL the platform address', () => {
    expect(
      resolveSources({ DATA_SOURCE: 'live', DATA_SOURCE_TEXTTHREADS: 'sandbox' }, adapters).textthreads.source,
    ).toBe('sandbox');
    expect(
      resolveSources({ DATA_SOURCE_TEXTTHREADS: 'live', LIVE_TEXTTHREADS_URL: 'http://127.0.0.1:9' }, adapters)
        .textthreads,
    ).toMatchObject({ source: 'live', liveBaseUrl: 'http://127.0.0.1:9' });
    expect(
      resolveSources(
        { DATA_SOURCE: 'live', DATA_SOURCE_TEXTTHREADS: 'upstream', UPSTREAM_TEXTTHREADS_URL: 'http://u.test' },
        adapters,
      ).textthreads.source,
    ).toBe('upstream');
  });

  test("LIVE_<FAMILY>_REQUESTS_PER_MINUTE, _BURST and _CONCURRENCY replace the adapter's politeness", () => {
    const adapter = testAdapter({ requestsPerMinute: 60, burst: 5, concurrency: 2 });
    expect(politenessFor(adapter, {})).toEqual({ requestsPerMinute: 60, burst: 5, concurrency: 2 });
    expect(
      politenessFor(adapter, { LIVE_TEXTTHREADS_REQUESTS_PER_MINUTE: '600', LIVE_TEXTTHREADS_CONCURRENCY: '8' }),
    ).toEqual({ requestsPerMinute: 600, burst: 5, concurrency: 8 });
  });

  test.each([
    [{ DATA_SOURCE: 'real' }, /DATA_SOURCE must be sandbox or live/],
    [{ DATA_SOURCE_SHOP: 'live' }, /DATA_SOURCE_SHOP=live, but shop has no native adapter/],
    [{ DATA_SOURCE_SHOP: 'upstream' }, /DATA_SOURCE_SHOP=upstream needs UPSTREAM_SHOP_URL/],
    [{ DATA_SOURCE_SHOP: 'yes' }, /DATA_SOURCE_SHOP must be sandbox, live or upstream/],
    [{ DATA_SOURCE: 'live', LIVE_TEXTTHREADS_URL: 'not a url' }, /LIVE_TEXTTHREADS_URL is not a URL/],
    [
      { DATA_SOURCE: 'live', LIVE_TEXTTHREADS_CONCURRENCY: '0' },
      /LIVE_TEXTTHREADS_CONCURRENCY must be a whole number of at least 1/,
    ],
  ])('refuses %o at start with a message naming the variable', (env, message) => {
    expect(() => createProviderResolver(env, { adapters })).toThrow(message);
  });
});

const redisUrl = await requireRedis(import.meta.filename);

describe.skipIf(!redisUrl)('politeness shared through Redis', () => {
  const clients: Redis[] = [];
  const family = `test-${process.pid}-${Date.now()}`;
  const connect = () => {
    const redis = new Redis(redisUrl!);
    clients.push(redis);
    return redis;
  };
  afterAll(async () => {
    await clients[0]?.del(`live:${family}:bucket`, `live:${family}:slots`);
    await Promise.all(clients.map((c) => c.quit()));
  });

  test('two processes draw on one bucket: the second is refused when the first took the last token', async () => {
    const limits = { requestsPerMinute: 1, burst: 1, concurrency: 4 };
    const a = new RedisPoliteness(connect(), { family, limits, maxWaitMs: 1000 });
    const b = new RedisPoliteness(connect(), { family, limits, maxWaitMs: 1000 });
    const release = await a.acquire(new AbortController().signal);
    release();
    const refused = await b.acquire(new AbortController().signal).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ code: 'upstream_rate_limit' });
  });

  test('a pause one process heard of holds the other', async () => {
    const other = `${family}-pause`;
    const limits = { requestsPerMinute: 6000, burst: 10, concurrency: 4 };
    const a = new RedisPoliteness(connect(), { family: other, limits, maxWaitMs: 1000 });
    const b = new RedisPoliteness(connect(), { family: other, limits, maxWaitMs: 1000 });
    await a.pauseUntil(Date.now() + 60_000);
    await expect(b.acquire(new AbortController().signal)).rejects.toMatchObject({
      code: 'upstream_rate_limit',
      retryAfterSeconds: 60,
    });
    await clients[0]?.del(`live:${other}:bucket`);
  });

  test('a slot held by one process keeps the other waiting until it is released', async () => {
    const other = `${family}-slots`;
    const limits = { requestsPerMinute: 6000, burst: 10, concurrency: 1 };
    const a = new RedisPoliteness(connect(), { family: other, limits });
    const b = new RedisPoliteness(connect(), { family: other, limits });
    const releaseA = await a.acquire(new AbortController().signal);
    let bHasSlot = false;
    const waiting = b.acquire(new AbortController().signal).then((release) => {
      bHasSlot = true;
      return release;
    });
    // While a holds the only slot, the set holds a's member alone.
    expect(await clients[0]!.zcard(`live:${other}:slots`)).toBe(1);
    expect(bHasSlot).toBe(false);
    releaseA();
    (await waiting)();
    expect(bHasSlot).toBe(true);
    await clients[0]?.del(`live:${other}:bucket`, `live:${other}:slots`);
  });
});
