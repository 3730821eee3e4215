// GET /v1/politicnet/user/posts served live from Mastodon recordings on the replay server,
// through the real gateway and billing: records, pages and billing, every error path, the cache
// and the politeness. The adapter makes real HTTP requests; nothing is mocked.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits, type LiveApi as Live } from '../../__tests__/support/live-api';
import { startFamilyApi, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import {
  CHAINSAWRIOT,
  SCHOCHASTICS,
  SUSPENDED_USER,
  UNKNOWN_USER,
  politicnetRoutes,
  recording,
} from './support/routes';

const PATH = '/v1/politicnet/user/posts';
const LOOKUP = '/api/v1/accounts/lookup';
const STATUSES = `/api/v1/accounts/${CHAINSAWRIOT.id}/statuses`;

interface Post {
  post_id: string;
  author: string;
  title: string;
  snippet: string;
  is_reply: boolean;
  spoiler_text: string;
}
interface Body {
  posts: Post[];
  username: string;
  pages: number;
  count: number;
}

const startLive = (replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> =>
  startFamilyApi('politicnet', replay, env);

describe('politicnet user posts from a Mastodon server', () => {
  // Politeness is its own test below: here the bucket never makes a call wait.
  const live = useLiveFamily('politicnet', politicnetRoutes, {
    UPSTREAM_TIMEOUT_MS: '2000',
    ...unhurried('politicnet'),
  });
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers one page as the recorded statuses, newest first, replies included and boosts left out', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { username: '@chainsawriot' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    const recorded = JSON.parse(recording('chainsawriot-statuses-1.json')) as Array<{ id: string; reblog: unknown }>;
    expect(body.posts.map((p) => p.post_id)).toEqual(recorded.filter((s) => s.reblog === null).map((s) => s.id));
    expect(body).toMatchObject({ username: 'chainsawriot', pages: 1, count: 17 });
    expect(body.posts.filter((p) => p.is_reply)).toHaveLength(4);
    expect(body.posts.find((p) => p.post_id === '109315118407397095')).toMatchObject({
      author: 'chainsawriot',
      title: 'testing in progress, please ignore',
      spoiler_text: 'rtoot is the best',
    });
    // A Mastodon server's records name Mastodon and the server asked (here the replay's host).
    for (const post of body.posts) expect(post).toMatchObject({ source: 'Mastodon', domain: '127.0.0.1' });
    expect(await billedUnits(account, response)).toBe(1);
    // The lookup, then the statuses with Mastodon's own parameters.
    expect(live.replay.requests.slice(-2).map((r) => [r.path, r.query])).toEqual([
      [LOOKUP, { acct: 'chainsawriot' }],
      [STATUSES, { limit: '20', exclude_reblogs: 'true' }],
    ]);
  });

  test('walks max_id from the Link header for pages=N, stops at the last page and bills the pages returned', async () => {
    const before = live.replay.count(STATUSES);
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot', pages: 20 } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    // 20 - 3 boosts, 20 - 1 boost, 3: the third page has no rel="next".
    expect(body).toMatchObject({ pages: 3, count: 17 + 19 + 3 });
    expect(body.posts.at(-1)?.post_id).toBe('109281727661390549');
    expect(new Set(body.posts.map((p) => p.post_id)).size).toBe(body.count);
    expect(live.replay.count(STATUSES) - before).toBe(3);
    expect(live.replay.requests.slice(-2).map((r) => r.query.max_id)).toEqual([
      '109315118407397095',
      '109285625663774938',
    ]);
    expect(await billedUnits(account, response)).toBe(3);
  });

  test('asks no more pages than pages=N (a Mastodon 4.4 server)', async () => {
    const response = await live.api.get(PATH, {
      key: account.key,
      params: { username: SCHOCHASTICS.username, pages: 2 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ pages: 2, count: 40, username: 'schochastics' });
    expect(live.replay.count(`/api/v1/accounts/${SCHOCHASTICS.id}/statuses`)).toBe(2);
    expect(await billedUnits(account, response)).toBe(2);
  });

  test.each([
    ["an unknown user (Mastodon's 404 Record not found)", UNKNOWN_USER],
    ['a suspended account', SUSPENDED_USER],
  ])('answers %s with 404 not_found, not billed', async (_name, username) => {
    const before = live.replay.count(STATUSES);
    const response = await live.api.get(PATH, { key: account.key, params: { username, pages: 3 } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.replay.count(STATUSES)).toBe(before);
  });

  test('answers 404 not_found when the account is gone by the time its statuses are asked', async () => {
    live.replay.fault({ status: 404, body: recording('lookup-not-found.json') }, { path: STATUSES });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test.each([
    ['a 503', { status: 503 } as const, 'answered 503'],
    [
      'a 401 (a server that wants a token)',
      { status: 401, body: '{"error":"This API requires an authenticated user"}' } as const,
      'answered 401',
    ],
    ['a body that is not JSON', 'garbage' as const, 'not JSON'],
    ['a reset connection', 'reset' as const, 'request failed'],
  ])('answers %s from the server with a logged 502 upstream_error, never billed', async (_name, fault, logged) => {
    live.replay.fault(fault, { path: STATUSES });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toContain(logged);
  });

  test('answers a server that does not answer within UPSTREAM_TIMEOUT_MS with 504 upstream_timeout', async () => {
    live.replay.fault('stall', { path: LOOKUP });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } });
    live.replay.releaseStalled();
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a statuses payload missing a field with 502 and a log line naming the field', async () => {
    // The recorded page with created_at taken out of its second status (the recording is untouched).
    const statuses = JSON.parse(recording('chainsawriot-statuses-1.json')) as Array<Record<string, unknown>>;
    delete statuses[1]!.created_at;
    live.replay.fault({ status: 200, body: JSON.stringify(statuses) }, { path: STATUSES });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/accounts\/:id\/statuses does not match its schema .*1\.created_at/);
  });
});

describe("Mastodon's rate limit", () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(politicnetRoutes);
    account = await newAccountWithKey();
  });
  afterEach(() => expect(replay.unmatched).toEqual([]));
  afterAll(() => replay.close());

  test('passes a 429 on as 429 upstream_rate_limit, waiting until X-RateLimit-Reset, and asks no more until then', async () => {
    const live = await startLive(replay, { LIVE_MAX_WAIT_MS: '1000' });
    onTestFinished(live.close);
    // Mastodon's 429 (rack_attack.rb): X-RateLimit-* headers, the reset as an ISO 8601 time, no Retry-After.
    const reset = new Date(Date.now() + 120_000).toISOString().replace('Z', '000Z');
    replay.fault({
      status: 429,
      headers: { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
      body: recording('rate-limited.json'),
    });
    const response = await live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(100);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(await billedUnits(account, response)).toBe(0);
    const asked = replay.count();
    const next = await live.api.get(PATH, { key: account.key, params: { username: 'schochastics' } });
    expect(next.status).toBe(429);
    expect(replay.count()).toBe(asked);
  });

  test('a burst of calls waits its turn at the politeness limits: every call served, none refused by the server', async () => {
    // 1200 a minute after a burst of 2, one request in flight: 6 calls of 2 requests each queue.
    const live = await startLive(replay, {
      LIVE_POLITICNET_REQUESTS_PER_MINUTE: '1200',
      LIVE_POLITICNET_BURST: '2',
      LIVE_POLITICNET_CONCURRENCY: '1',
    });
    onTestFinished(live.close);
    const before = replay.count();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        live.api.get(PATH, { key: account.key, params: { username: 'chainsawriot' } }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replay.count() - before).toBe(12);
    expect(replay.peakInFlight).toBe(1);
  });
});

describe('the page cache', () => {
  let replay: ReplayServer;

  beforeAll(async () => {
    replay = await startReplayServer(politicnetRoutes);
  });
  afterAll(() => replay.close());

  test('two customers asking for the same user cost one lookup and one request per statuses page, and each is billed', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const first = await newAccountWithKey();
    const second = await newAccountWithKey();
    const one = await live.api.get(PATH, { key: first.key, params: { username: 'chainsawriot', pages: 2 } });
    const two = await live.api.get(PATH, { key: second.key, params: { username: '@chainsawriot', pages: 2 } });
    expect(await two.json()).toEqual(await one.json());
    expect(replay.count(LOOKUP)).toBe(1);
    expect(replay.count(STATUSES)).toBe(2);
    expect(await billedUnits(first, one)).toBe(2);
    expect(await billedUnits(second, two)).toBe(2);
  });
});
