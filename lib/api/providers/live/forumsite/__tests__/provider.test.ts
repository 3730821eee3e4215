// The forumsite adapter through the real gateway and billing, against the replay server
// answering the platform's paths from the recordings (no mocked fetch): whole records, pages and
// billing, sorts and filters, every error path, the cache, the rate limit and app-only OAuth.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits as billed } from '../../__tests__/support/live-api';
import { startFamilyApi, startLiveFamily, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import { forumsiteAdapter } from '..';
import { announcementsCommunity, galleryPost, redditdevCommunity, textPost, videoPost } from './support/expected';
import { RECORDED_TOKEN, forumsiteRoutes, oldPayloadRoutes } from './support/routes';

const POSTS = '/v1/forumsite/community/posts';
const COMMUNITY = '/v1/forumsite/community';
const SECRET = 'forumsite-secret-never-logged';

// The forumsite adapter alone, with a User-Agent naming its operator.
const agent = { LIVE_USER_AGENT: 'test-agent/1 (ops@example.test)' };
const alone = { adapters: { forumsite: forumsiteAdapter } };

interface PostsBody {
  posts: Array<Record<string, unknown> & { post_id: string; flair: string }>;
  community: string;
  sort_by: string;
  pages: number;
  count: number;
}

// Politeness lifted for the tests that are not about it (the platform is the replay server).
const fast = { ...unhurried('forumsite'), LIVE_FORUMSITE_CONCURRENCY: '4' };

describe('forumsite through the gateway on recorded pages', () => {
  const live = useLiveFamily('forumsite', forumsiteRoutes, { ...agent, ...fast, UPSTREAM_TIMEOUT_MS: '2000' }, alone);
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => {
    expect(live.replay.unmatched).toEqual([]);
  });

  test('whole records: a video, a gallery and a text post, field by field as recorded', async () => {
    const response = await live.api.get(POSTS, { key: account.key, params: { community: 'popular', pages: 2 } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PostsBody;
    for (const [index, expected] of [
      [1, videoPost],
      [7, galleryPost],
      [32, textPost],
    ] as const) {
      const record = body.posts[index]!;
      for (const [field, value] of Object.entries(expected))
        expect({ index, field, value: record[field] }).toEqual({ index, field, value });
      expect(Object.keys(record).sort()).toEqual(Object.keys(expected).sort());
    }
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: '/r/popular/hot.json',
      query: { limit: '100', raw_json: '1' },
    });
    expect(live.replay.requests.at(-1)?.headers['user-agent']).toBe('test-agent/1 (ops@example.test)');
  });

  test('pages=N: 25 posts a page, one platform request per 100, billed per page returned', async () => {
    const before = live.replay.count('/r/popular/hot.json');
    const three = await live.api.get(POSTS, { key: account.key, params: { community: 'popular', pages: 3 } });
    expect(await three.json()).toMatchObject({ pages: 3, count: 75, community: 'popular', sort_by: 'hot' });
    expect(await billed(account, three)).toBe(3);
    expect(live.replay.count('/r/popular/hot.json') - before).toBe(1);

    // Five pages need the second platform page, asked with the first page's cursor.
    const five = await live.api.get(POSTS, { key: account.key, params: { community: 'popular', pages: 5 } });
    const body = (await five.json()) as PostsBody;
    expect(body).toMatchObject({ pages: 5, count: 125 });
    expect(body.posts[99]!.post_id).toBe('1skbyfv'); // the first page's last post, its `after`
    expect(body.posts[100]!.post_id).toBe('1sk99af'); // the second page's first
    expect(live.replay.requests.at(-1)?.query).toEqual({ limit: '100', raw_json: '1', after: 't3_1skbyfv' });
    expect(await billed(account, five)).toBe(5);
  });

  test('pages past the end: the walk stops when results run out and bills the pages returned', async () => {
    const before = live.replay.count('/r/popular/hot.json');
    const response = await live.api.get(POSTS, { key: account.key, params: { community: 'popular', pages: 12 } });
    const body = (await response.json()) as PostsBody;
    expect(body).toMatchObject({ pages: 8, count: 200 });
    expect(new Set(body.posts.map((p) => p.post_id)).size).toBe(200);
    expect(live.replay.count('/r/popular/hot.json') - before).toBe(3); // the third page is empty
    expect(await billed(account, response)).toBe(8);

    const single = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'tiananmenaquarefalse', sort_by: 'top', posted_ago: 'all', pages: 3 },
    });
    expect(await single.json()).toMatchObject({ pages: 1, count: 8 });
    expect(await billed(account, single)).toBe(1);
  });

  test.each([
    ['most_recent', undefined, '/r/askreddit/new.json', {}, 'hozvuc'],
    ['rising', undefined, '/r/askreddit/rising.json', {}, undefined],
    ['top', 'all', '/r/askreddit/top.json', { t: 'all' }, undefined],
    ['controversial', 'all', '/r/askreddit/controversial.json', { t: 'all' }, undefined],
    ['hot', undefined, '/r/askreddit/hot.json', {}, undefined],
  ])('sort_by=%s (posted_ago %s) asks %s', async (sortBy, postedAgo, path, extra, firstId) => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'r/askreddit', sort_by: sortBy, posted_ago: postedAgo },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PostsBody;
    expect(body).toMatchObject({ sort_by: sortBy, community: 'askreddit', pages: 1, count: 25 });
    expect(live.replay.requests.at(-1)).toMatchObject({ path, query: { limit: '100', raw_json: '1', ...extra } });
    if (firstId) expect(body.posts[0]!.post_id).toBe(firstId);
    expect(body.posts.every((p) => p.community === 'AskReddit')).toBe(true);
  });

  test("top without posted_ago asks for the day (the spec's default 24h)", async () => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'askreddit', sort_by: 'top' },
    });
    expect(response.status).toBe(502); // nothing recorded for t=day
    expect(live.replay.unmatched.map((r) => r.query)).toEqual([{ limit: '100', raw_json: '1', t: 'day' }]);
    live.replay.unmatched.length = 0;
  });

  test('url forms name the community: its /r/<name> part', async () => {
    for (const url of [
      'https://www.reddit.com/r/askreddit/',
      'old.reddit.com/r/askreddit/comments/hozvuc/x/',
      'https://www.reddit.com/r/askreddit/new/?sort=new',
    ]) {
      const response = await live.api.get(POSTS, { key: account.key, params: { url } });
      expect(response.status, url).toBe(200);
      expect(await response.json()).toMatchObject({ community: 'askreddit' });
      expect(live.replay.requests.at(-1)?.path).toBe('/r/askreddit/hot.json');
    }
    const details = await live.api.get(COMMUNITY, {
      key: account.key,
      params: { url: 'https://www.reddit.com/r/redditdev/about/' },
    });
    expect(await details.json()).toMatchObject({
      community: { ...redditdevCommunity, sidebar: expect.stringContaining('reddit API clients') },
    });
  });

  test("flair keeps the posts of that flair, not case-sensitive, across the platform's pages; billed per page returned", async () => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'popular', flair: 'DISCUSSION' },
    });
    const body = (await response.json()) as PostsBody;
    expect(body.posts.map((p) => p.post_id)).toEqual([
      '1skbcy2',
      '1sk894v',
      '1skeq2k',
      '1skdnbn',
      '1skjcp3',
      '1skgdzx',
      '1skgqsw',
      '1skaixk',
      '1skgxps',
      '1ski920',
    ]);
    expect(body.posts.every((p) => p.flair === 'Discussion')).toBe(true);
    expect(body).toMatchObject({ pages: 1, count: 10 });
    expect(await billed(account, response)).toBe(1);
  });

  test('community details: every field of about.json, billed one request', async () => {
    const response = await live.api.get(COMMUNITY, { key: account.key, params: { community: 'announcements' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ community: announcementsCommunity });
    expect(await billed(account, response)).toBe(1);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: '/r/announcements/about.json',
      query: { raw_json: '1' },
    });
  });

  test.each([
    ['an unknown community (302 to the search page)', POSTS, 'nosuchcommunity', /No community r\/nosuchcommunity/],
    ['a private community (403 reason private)', POSTS, 'privatecommunity', /private/],
    ['a banned community (404 reason banned)', POSTS, 'bannedcommunity', /banned/],
    ['a quarantined community (403 reason quarantined)', POSTS, 'tiananmenaquarefalse', /quarantined/],
    ["an unknown community's details (an empty listing)", COMMUNITY, 'nosuchcommunity', /No community/],
    ["a private community's details", COMMUNITY, 'privatecommunity', /private/],
    ["a banned community's details", COMMUNITY, 'bannedcommunity', /banned/],
  ])('%s: 404 not_found, not billed', async (_name, path, community, message) => {
    const params =
      path === POSTS
        ? { community, pages: 3, ...(community === 'tiananmenaquarefalse' ? { sort_by: 'most_recent' } : {}) }
        : { community };
    const response = await live.api.get(path, { key: account.key, params });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { code: string; error: string };
    expect(body.code).toBe('not_found');
    expect(body.error).toMatch(message);
    expect(await billed(account, response)).toBe(0);
  });

  test('a platform 429 is 429 upstream_rate_limit with its x-ratelimit-reset as Retry-After, unbilled', async () => {
    const limited = await startFamilyApi('forumsite', live.replay, { ...agent, ...fast }, alone);
    onTestFinished(limited.close);
    live.replay.fault({
      status: 429,
      headers: { 'x-ratelimit-used': '100', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
    });
    const response = await limited.api.get(POSTS, { key: account.key, params: { community: 'askreddit' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(await billed(account, response)).toBe(0);
    // The pause is honoured, then the platform answers.
    expect((await limited.api.get(POSTS, { key: account.key, params: { community: 'askreddit' } })).status).toBe(200);
  });

  test.each([
    ['a platform 503', { status: 503 } as const, 'answered 503'],
    ['a body that is not JSON', 'garbage' as const, 'not JSON'],
    ['a reset connection', 'reset' as const, 'request failed'],
  ])('%s: 502 upstream_error, logged, unbilled', async (_name, fault, logged) => {
    live.replay.fault(fault);
    const response = await live.api.get(POSTS, { key: account.key, params: { community: 'askreddit' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billed(account, response)).toBe(0);
    expect(live.logs.join('\n')).toContain(logged);
  });

  test('a platform that does not answer in time: 504 upstream_timeout', async () => {
    live.replay.fault('stall');
    const response = await live.api.get(POSTS, { key: account.key, params: { community: 'askreddit' } });
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' });
    live.replay.releaseStalled();
  });

  test('an empty first page: about.json tells an existing community (no posts, nothing billed) from an unknown one', async () => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'announcements', sort_by: 'rising', pages: 2 },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      posts: [],
      community: 'announcements',
      sort_by: 'rising',
      pages: 0,
      count: 0,
    });
    expect(await billed(account, response)).toBe(0);
    expect(live.replay.requests.slice(-2).map((r) => r.path)).toEqual([
      '/r/announcements/rising.json',
      '/r/announcements/about.json',
    ]);
  });
});

describe('a recorded payload missing fields the record needs', () => {
  test('502 upstream_error, unbilled, and a log line naming the field', async () => {
    const live = await startLiveFamily('forumsite', oldPayloadRoutes, { ...agent, ...fast }, alone);
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { community: 'askreddit', sort_by: 'most_recent' },
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billed(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/post 0 of r\/askreddit\/new does not match its schema .*upvote_ratio/);
  });
});

describe('the page cache', () => {
  let replay: ReplayServer;
  beforeAll(async () => {
    replay = await startReplayServer(forumsiteRoutes);
  });
  afterAll(() => replay.close());

  test('two customers asking for one listing cost one platform request; each is billed', async () => {
    const live = await startFamilyApi('forumsite', replay, { ...agent, ...fast, LIVE_CACHE_SECONDS: '60' }, alone);
    onTestFinished(live.close);
    const [first, second] = [await newAccountWithKey(), await newAccountWithKey()];
    const before = replay.count('/r/askreddit/hot.json');
    const a = await live.api.get(POSTS, { key: first.key, params: { community: 'askreddit' } });
    const b = await live.api.get(POSTS, { key: second.key, params: { community: 'askreddit', pages: 4 } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(replay.count('/r/askreddit/hot.json') - before).toBe(1); // pages=1 and pages=4 read the same 100 posts
    expect(await billed(first, a)).toBe(1);
    expect(await billed(second, b)).toBe(4);
    // Records shared through the cache stay clean: sentiment asked once is not in the next answer.
    const withSentiment = (await (
      await live.api.get(POSTS, { key: first.key, params: { community: 'askreddit', get_sentiment: true } })
    ).json()) as PostsBody;
    expect(withSentiment.posts.every((p) => 'sentiment' in p)).toBe(true);
    const plain = (await (
      await live.api.get(POSTS, { key: first.key, params: { community: 'askreddit' } })
    ).json()) as PostsBody;
    expect(plain.posts.some((p) => 'sentiment' in p)).toBe(false);
    expect(replay.count('/r/askreddit/hot.json') - before).toBe(1);
  });
});

describe('politeness', () => {
  test('a burst beyond the bucket waits its turn: every call served one at a time, no 429', async () => {
    // 1200 a minute is one request per 50 ms after a burst of 2; one in flight at a time.
    const live = await startLiveFamily(
      'forumsite',
      forumsiteRoutes,
      {
        ...agent,
        LIVE_FORUMSITE_REQUESTS_PER_MINUTE: '1200',
        LIVE_FORUMSITE_BURST: '2',
        LIVE_FORUMSITE_CONCURRENCY: '1',
      },
      alone,
    );
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    const calls = ['hot', 'most_recent', 'rising', 'hot', 'most_recent', 'rising'].map((sort_by) =>
      live.api.get(POSTS, { key: account.key, params: { community: 'askreddit', sort_by } }).then((r) => r.status),
    );
    expect(await Promise.all(calls)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(live.replay.count()).toBe(6);
    expect(live.replay.peakInFlight).toBe(1);
  });

  test("the adapter's own limits stay below the platform's published ones", () => {
    const { requestsPerMinute, burst, concurrency } = forumsiteAdapter.politeness;
    expect(requestsPerMinute).toBeLessThan(10); // about 10 a minute for the public JSON
    expect(burst + 10 * requestsPerMinute).toBeLessThan(100); // in any 10-minute window, its unit of count
    expect(concurrency).toBeLessThanOrEqual(2);
  });
});

describe('app-only OAuth', () => {
  /** Forumsite live with the app's client id and secret; closed when the test finishes. */
  async function startWithAppCredentials() {
    const live = await startLiveFamily(
      'forumsite',
      forumsiteRoutes,
      { ...agent, ...fast, LIVE_FORUMSITE_CLIENT_ID: 'app-id', LIVE_FORUMSITE_CLIENT_SECRET: SECRET },
      alone,
    );
    onTestFinished(live.close);
    return live;
  }

  test('one client-credentials token, then bearer requests; the secret never logged', async () => {
    const live = await startWithAppCredentials();
    const account = await newAccountWithKey();
    expect((await live.api.get(POSTS, { key: account.key, params: { community: 'askreddit' } })).status).toBe(200);
    expect((await live.api.get(COMMUNITY, { key: account.key, params: { community: 'redditdev' } })).status).toBe(200);
    const token = live.replay.requests.filter((r) => r.path === '/api/v1/access_token');
    expect(token).toHaveLength(1);
    expect(token[0]!.method).toBe('POST');
    expect(token[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`app-id:${SECRET}`).toString('base64')}`);
    expect(token[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const api = live.replay.requests.filter((r) => r.path !== '/api/v1/access_token');
    expect(api.map((r) => r.headers.authorization)).toEqual([`bearer ${RECORDED_TOKEN}`, `bearer ${RECORDED_TOKEN}`]);

    // A refused token: the call fails (502, logged) and the next one asks for a new token.
    live.replay.fault({ status: 401 }, { path: '/r/askreddit/new.json' });
    expect(
      (await live.api.get(POSTS, { key: account.key, params: { community: 'askreddit', sort_by: 'most_recent' } }))
        .status,
    ).toBe(502);
    expect(
      (await live.api.get(POSTS, { key: account.key, params: { community: 'askreddit', sort_by: 'most_recent' } }))
        .status,
    ).toBe(200);
    expect(live.replay.requests.filter((r) => r.path === '/api/v1/access_token')).toHaveLength(2);
    expect(live.logs.join('\n')).not.toContain(SECRET);
    expect(live.replay.unmatched).toEqual([]);
  });

  test('credentials refused by the platform: 502 with a log line naming the variables', async () => {
    const live = await startWithAppCredentials();
    live.replay.fault(
      { status: 401, body: '{"message": "Unauthorized", "error": 401}' },
      { path: '/api/v1/access_token' },
    );
    const account = await newAccountWithKey();
    const response = await live.api.get(COMMUNITY, { key: account.key, params: { community: 'redditdev' } });
    expect(response.status).toBe(502);
    expect(await billed(account, response)).toBe(0);
    expect(live.logs.join('\n')).toContain('refused LIVE_FORUMSITE_CLIENT_ID/_SECRET (401)');
    expect(live.logs.join('\n')).not.toContain(SECRET);
  });
});
