// The live-data framework with a tiny adapter (test-adapter.ts) against the replay server,
// through the real gateway and billing: errors, the cache, the rate limit and the selection.
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { usageEvents } from '@/lib/api/__tests__/support/cases';
import { requireRedis } from '@/lib/testing/require-service';
import type { LiveApi } from './support/live-api';
import { startFamilyApi, startLiveFamily, useLiveFamily } from './support/live-family';
import { startReplayServer, type ReplayServer } from './support/replay-server';
import { TEST_SECRET, testAdapter, testRoutes } from './support/test-adapter';

const PATH = '/v1/textthreads/user/posts';
const API_PATH = '/api/users/alice/posts';

const agent = { LIVE_USER_AGENT: 'test-agent/1 (ops@example.test)' };
/** The test adapter, served as the textthreads family. */
const adapted = (adapter = testAdapter()) => ({ adapters: { textthreads: adapter } });

/** Another API on `replay`, with other settings or another test adapter. */
const startLive = (replay: ReplayServer, env: Record<string, string> = {}, adapter = testAdapter()): Promise<LiveApi> =>
  startFamilyApi('textthreads', replay, { ...agent, ...env }, adapted(adapter));

describe('platform answers through the gateway', () => {
  const live = useLiveFamily(
    'textthreads',
    testRoutes,
    { ...agent, UPSTREAM_TIMEOUT_MS: '400', LIVE_MAX_WAIT_MS: '2000' },
    adapted(),
  );
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => {
    live.replay.releaseStalled();
    expect(live.replay.unmatched).toEqual([]);
  });

  test('walks the cursor for pages=N and bills the pages returned', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { username: '@alice', pages: 5 } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: Array<{ post_id: string }>; pages: number; count: number };
    expect(body.posts.map((p) => p.post_id)).toEqual(['1', '2', '3']);
    expect(body).toMatchObject({ pages: 2, count: 3 });
    const id = response.headers.get('x-request-id')!;
    expect((await usageEvents(account.accountId)).find((e) => e.id === id)?.units).toBe(2);
  });

  test('sends the configured User-Agent', async () => {
    await live.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(live.replay.requests.at(-1)?.headers['user-agent']).toBe('test-agent/1 (ops@example.test)');
  });

  test("answers an unknown user with the spec's 404 not_found, billed as the endpoint says", async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'ghost', pages: 3 } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    const id = response.headers.get('x-request-id')!;
    expect((await usageEvents(account.accountId)).find((e) => e.id === id)?.units).toBe(1);
  });

  test("passes a platform 429 on as 429 upstream_rate_limit with the platform's Retry-After, unbilled", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '2' } });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    const id = response.headers.get('x-request-id')!;
    expect((await usageEvents(account.accountId)).find((e) => e.id === id)?.units).toBe(0);
    // The pause is honoured: the next call waits it out, then the platform answers.
    const next = await live.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(next.status).toBe(200);
  });

  test("answers at once with the platform's Retry-After while a long platform pause runs, without asking the platform", async () => {
    const paused = await startLive(live.replay, { LIVE_MAX_WAIT_MS: '2000' });
    onTestFinished(paused.close);
    live.replay.fault({ status: 429, headers: { 'retry-after': '120' } });
    expect((await paused.api.get(PATH, { key: account.key, params: { username: 'bob' } })).status).toBe(429);
    const asked = live.replay.count();
    const response = await paused.api.get(PATH, { key: account.key, params: { username: 'alice' } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(live.replay.count()).toBe(asked);
  });

  test.each([
    ['a platform 503', { status: 503 } as const, 'answered 503'],
    ['a platform 500', { status: 500 } as const, 'answered 500'],
    ['a body that is not JSON', 'garbage' as const, 'not JSON'],
    ['a reset connection', 'reset' as const, 'request failed'],
  ])('answers %s with a logged 502 upstream_error, never billed', async (_name, fault, logged) => {
    const fresh = await startLive(live.replay, { UPSTREAM_TIMEOUT_MS: '400' });
    onTestFinished(fresh.close);
    live.replay.fault(fault);
    const response = await fresh.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    const id = response.headers.get('x-request-id')!;
    expect((await usageEvents(account.accountId)).find((e) => e.id === id)?.units).toBe(0);
    expect(fresh.logs.join('\n')).toContain(logged);
    expect(fresh.logs.join('\n')).not.toContain(TEST_SECRET);
  });

  test('answers a platform that does not answer within UPSTREAM_TIMEOUT_MS with 504 upstream_timeout', async () => {
    live.replay.fault('stall');
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' });
  });

  test('answers a payload missing a field with 502 and a log line naming the field', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'broken' } });
    expect(response.status).toBe(502);
    expect(live.logs.join('\n')).toMatch(/posts\.0\.created_at/);
  });
});

describe('the page cache', () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(testRoutes);
    account = await newAccountWithKey();
  });
  afterAll(() => replay.close());

  test('two calls for the same listing cost one platform request, and each customer is billed', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const other = await newAccountWithKey();
    const before = replay.count(API_PATH);
    const first = await live.api.get(PATH, { key: account.key, params: { username: 'alice' } });
    const second = await live.api.get(PATH, { key: other.key, params: { username: 'alice' } });
    expect(await second.json()).toEqual(await first.json());
    expect(replay.count(API_PATH) - before).toBe(1);
    expect((await usageEvents(account.accountId)).at(-1)?.units).toBe(1);
    expect((await usageEvents(other.accountId)).at(-1)?.units).toBe(1);
  });

  test('simultaneous calls for one listing share one platform request', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const before = replay.count();
    const release = replay.hold();
    onTestFinished(release);
    const calls = Array.from({ length: 5 }, () =>
      live.api.get(PATH, { key: account.key, params: { username: 'bob' } }),
    );
    await replay.whenReceived(before + 1);
    release();
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replay.count() - before).toBe(1);
  });

  test('LIVE_CACHE_SECONDS=0 asks the platform every time', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '0' });
    onTestFinished(live.close);
    const before = replay.count(API_PATH);
    await live.api.get(PATH, { key: account.key, params: { username: 'alice' } });
    await live.api.get(PATH, { key: account.key, params: { username: 'alice' } });
    expect(replay.count(API_PATH) - before).toBe(2);
  });
});

describe('politeness', () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(testRoutes);
    account = await newAccountWithKey();
  });
  afterAll(() => replay.close());

  test('a burst beyond the bucket waits its turn: every call served, one at a time, no 429', async () => {
    // 1200 a minute is one request per 50 ms after a burst of 2; concurrency 1.
    const live = await startLive(replay, {}, testAdapter({ requestsPerMinute: 1200, burst: 2, concurrency: 1 }));
    onTestFinished(live.close);
    const before = replay.count();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        live.api.get(PATH, { key: account.key, params: { username: 'bob' } }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replay.count() - before).toBe(6);
    expect(replay.peakInFlight).toBe(1);
  });

  test('a call that would queue longer than LIVE_MAX_WAIT_MS is answered 429 at once, the platform not asked', async () => {
    // One request a minute: the second call's turn is a minute away.
    const live = await startLive(
      replay,
      { LIVE_MAX_WAIT_MS: '1000' },
      testAdapter({ requestsPerMinute: 1, burst: 1, concurrency: 1 }),
    );
    onTestFinished(live.close);
    expect((await live.api.get(PATH, { key: account.key, params: { username: 'bob' } })).status).toBe(200);
    const before = replay.count();
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'bob' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(59);
    expect(replay.count()).toBe(before);
  });
});

const redisUrl = await requireRedis(import.meta.filename);

describe.skipIf(!redisUrl)('with REDIS_URL', () => {
  test('the live providers keep their bucket in Redis, shared by every process', async () => {
    const family = `textthreads`;
    const live = await startLiveFamily(family, testRoutes, { ...agent, REDIS_URL: redisUrl! }, adapted());
    onTestFinished(live.close);
    const redis = new Redis(redisUrl!);
    onTestFinished(async () => {
      await redis.quit();
    });
    const account = await newAccountWithKey();
    expect((await live.api.get(PATH, { key: account.key, params: { username: 'bob' } })).status).toBe(200);
    expect(await redis.hexists(`live:${family}:bucket`, 'tokens')).toBe(1);
    expect(await redis.zcard(`live:${family}:slots`)).toBe(0);
  });
});
