// GET /v1/openmicro/posts served live from AT Protocol recordings on the replay server, through
// the real gateway and billing: records, pages and billing, the parameters sent, every error path,
// the cache and the politeness. The adapter makes real HTTP requests; nothing is mocked.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { startReplayServer, type ReplayRoute, type ReplayServer } from '../../__tests__/support/replay-server';
import { toOpenmicroPost } from '../map';
import { searchPostsSchema } from '../schema';
import { billedUnits, type LiveApi as Live } from '../../__tests__/support/live-api';
import { startFamilyApi, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import {
  DOCUMENTED,
  NO_HITS,
  SEARCH,
  SEARCH_2025,
  openmicroRoutes,
  recording,
  recordingText,
  searchQuery,
} from './support/routes';

// Politeness has its own test: elsewhere the bucket never makes a call wait.
const startLive = (replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> =>
  startFamilyApi('openmicro', replay, { ...unhurried('openmicro'), ...env });

const PATH = '/v1/openmicro/posts';
// The platform's own name and domain (the adapter's `site`), not the sandbox's neutral ones.
const site = { source: 'Bluesky', domain: 'bsky.app' };

interface Body {
  posts: Array<Record<string, unknown> & { post_id: string }>;
  pages: number;
  count: number;
}

const recorded2025 = searchPostsSchema.parse(recording('search-posts-redistricting-2025-05-19.json')).posts;
const recorded2023 = searchPostsSchema.parse(recording('search-posts-redistricting-2023-12-13.json')).posts;

/** The 2025 page with one field taken out of one post (a derived payload, not a recording). */
function withoutHandle(): unknown {
  const page = recording<{ posts: Array<{ author: Record<string, unknown> }> }>(
    'search-posts-redistricting-2025-05-19.json',
  );
  delete page.posts[3]?.author.handle;
  return page;
}

const extraRoutes: ReplayRoute[] = [
  {
    path: SEARCH,
    query: searchQuery('"climate policy" -coal', {
      sort: 'top',
      author: 'alice.bsky.social',
      lang: 'en',
      domain: 'nytimes.com',
      tag: 'energy',
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-02-01T00:00:00.000Z',
    }),
    body: NO_HITS,
  },
  { path: SEARCH, query: searchQuery('missing field'), body: withoutHandle() },
  // The platform is asked to exclude the word; the recorded page (unfiltered) stands for an answer
  // that still holds posts with it, which the adapter drops after fetching.
  { path: SEARCH, query: searchQuery('redistricting -county'), file: SEARCH_2025 },
];

describe('openmicro post search from a public AppView (no account)', () => {
  const live = useLiveFamily('openmicro', [...openmicroRoutes, ...extraRoutes], {
    ...unhurried('openmicro'),
    UPSTREAM_TIMEOUT_MS: '1000',
  });
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => {
    live.replay.releaseStalled();
    expect(live.replay.unmatched).toEqual([]);
  });

  test('answers a search with the recorded posts, each record field by field from its PostView', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ pages: 1, count: 25 });
    expect(body.posts).toStrictEqual(recorded2025.map((post) => toOpenmicroPost(post, site)));
    expect(body.posts[1]).toMatchObject({
      post_id: 'at://did:plc:s7savtl25cqhm3ddqc7jeljx/app.bsky.feed.post/3lpk2r5h5ec2j',
      author: 'cjtackett.bsky.social',
      date: '2025-05-19 17:08:27',
      likes: 4,
      reposts: 3,
    });
    expect(live.replay.requests.at(-1)?.query).toStrictEqual({ q: 'redistricting', sort: 'latest', limit: '50' });
    expect(live.replay.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('walks the cursor for pages=N, stops where the cursor does not move, and bills the pages returned', async () => {
    const before = live.replay.count(SEARCH);
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting', pages: 5 } });
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ pages: 2, count: 48 });
    expect(body.posts.map((p) => p.post_id)).toStrictEqual([...recorded2025, ...recorded2023].map((p) => p.uri));
    expect(live.replay.requests.slice(-2).map((r) => r.query.cursor)).toStrictEqual([undefined, '25']);
    expect(live.replay.count(SEARCH) - before).toBe(2);
    expect(await billedUnits(account, response)).toBe(2);
  });

  test('answers a search without hits with no posts and no page billed', async () => {
    const response = await live.api.get(PATH, {
      key: account.key,
      params: { query: 'qwzxv nothing matches this', pages: 3 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({ posts: [], pages: 0, count: 0 });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('sends sort_by, the dates and the operators as searchPosts parameters', async () => {
    const response = await live.api.get(PATH, {
      key: account.key,
      params: {
        query: '"climate policy" from:alice.bsky.social lang:en domain:nytimes.com #energy -coal',
        sort_by: 'relevance',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
      },
    });
    expect(response.status).toBe(200);
    expect(live.replay.requests.at(-1)?.query).toStrictEqual({
      tag: 'energy',
      q: '"climate policy" -coal',
      sort: 'top',
      limit: '50',
      author: 'alice.bsky.social',
      lang: 'en',
      domain: 'nytimes.com',
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-02-01T00:00:00.000Z',
    });
  });

  test('drops the posts that still hold an excluded -word after fetching, keeping the others in order', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting -county' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    // Two recorded posts name a county ("Tarrant County", "Sussex County ... growing county").
    const kept = recorded2025.filter(
      (post) =>
        ![
          'at://did:plc:s7savtl25cqhm3ddqc7jeljx/app.bsky.feed.post/3lpk2r5h5ec2j',
          'at://did:plc:ubtwich3m73idyllnkl7bkqe/app.bsky.feed.post/3lpjd3zskmh2p',
        ].includes(post.uri),
    );
    expect(body).toMatchObject({ pages: 1, count: 23 });
    expect(body.posts.map((p) => p.post_id)).toStrictEqual(kept.map((p) => p.uri));
    expect(live.replay.requests.at(-1)?.query.q).toBe('redistricting -county');
  });

  test('answers a query the platform refuses (400 InvalidRequest) with 400 invalid_parameter, unbilled', async () => {
    live.replay.fault({ status: 400, body: recordingText('create-record-400-invalid-request.json') });
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe('invalid_parameter');
    expect(body.error).toContain("'query'");
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.at(-1)).toMatch(/400 InvalidRequest/);
  });

  test.each([
    ['401 AuthenticationRequired', 401, DOCUMENTED.authRequired],
    ['403 Forbidden', 403, DOCUMENTED.forbidden],
  ])(
    'answers %s without an account with 502, logging that the AppView wants credentials',
    async (_name, status, body) => {
      live.replay.fault({ status, body });
      const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'upstream_error' });
      expect(await billedUnits(account, response)).toBe(0);
      expect(live.logs.at(-1)).toContain('set LIVE_OPENMICRO_IDENTIFIER and LIVE_OPENMICRO_PASSWORD');
    },
  );

  test("answers the platform's 429 with 429 upstream_rate_limit and the wait its RateLimit-Reset gives, then holds back", async () => {
    const paused = await startLive(live.replay, { LIVE_MAX_WAIT_MS: '2000' });
    onTestFinished(paused.close);
    const reset = Math.ceil(Date.now() / 1000) + 120;
    live.replay.fault({
      status: 429,
      headers: {
        'ratelimit-limit': '3000',
        'ratelimit-remaining': '0',
        'ratelimit-reset': String(reset),
        'ratelimit-policy': '3000;w=300',
      },
      body: DOCUMENTED.rateLimited,
    });
    const response = await paused.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(await billedUnits(account, response)).toBe(0);
    // Every call waits for the reset: answered at once, the platform not asked.
    const asked = live.replay.count();
    const next = await paused.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(live.replay.count()).toBe(asked);
  });

  test.each([
    {
      name: 'a platform 500',
      fault: { status: 500, body: JSON.stringify({ error: 'InternalServerError', message: 'Internal Server Error' }) },
      status: 502,
      code: 'upstream_error',
    },
    { name: 'a body that is not JSON', fault: 'garbage' as const, status: 502, code: 'upstream_error' },
    { name: 'a reset connection', fault: 'reset' as const, status: 502, code: 'upstream_error' },
    { name: 'no answer within UPSTREAM_TIMEOUT_MS', fault: 'stall' as const, status: 504, code: 'upstream_timeout' },
  ])('answers $name with $status $code, unbilled', async ({ fault, status, code }) => {
    live.replay.fault(fault);
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a payload missing a field with 502 and a log line naming the field', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'missing field' } });
    expect(response.status).toBe(502);
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/searchPosts does not match its schema.*posts\.3\.author\.handle/);
  });
});

describe('openmicro page cache and politeness', () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(openmicroRoutes);
    account = await newAccountWithKey();
  });
  afterAll(() => replay.close());

  test('two customers asking the same search cost one platform request, and each is billed', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const other = await newAccountWithKey();
    const before = replay.count(SEARCH);
    const first = await live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } });
    const second = await live.api.get(PATH, { key: other.key, params: { query: 'redistricting' } });
    expect(await second.json()).toStrictEqual(await first.json());
    expect(replay.count(SEARCH) - before).toBe(1);
    expect(await billedUnits(account, first)).toBe(1);
    expect(await billedUnits(other, second)).toBe(1);
  });

  test('a burst beyond the bucket waits its turn: every call served, one at a time, no 429', async () => {
    const live = await startLive(replay, {
      LIVE_OPENMICRO_REQUESTS_PER_MINUTE: '1200',
      LIVE_OPENMICRO_BURST: '2',
      LIVE_OPENMICRO_CONCURRENCY: '1',
    });
    onTestFinished(live.close);
    const before = replay.count(SEARCH);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        live.api.get(PATH, { key: account.key, params: { query: 'redistricting' } }).then((r) => r.status),
      ),
    );
    expect(statuses).toStrictEqual([200, 200, 200, 200, 200, 200]);
    expect(replay.count(SEARCH) - before).toBe(6);
    expect(replay.peakInFlight).toBe(1);
  });
});
