// GET /v1/xnet/posts served live from X API v2 recent search recordings on the replay server,
// through the real gateway and billing: records field by field, next_token followed, pages billed,
// X's refusals and 429 mapped, the token sent and every platform request counted for the operator.
import { afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits } from '../../__tests__/support/live-api';
import { startLiveFamily, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { prismaSql } from '@/lib/db/prisma-sql';
import { quotaUnitsOn } from '../../quota';
import { COUNT_TIME_ZONE, SEARCH_PATH } from '../client';
import {
  DOCUMENTED_QUERY,
  EARLIER,
  EARLIER_NEXT,
  LATER,
  LATER_NEXT,
  REPLAY_TOKEN,
  recording,
  xnetRoutes,
} from './support/routes';

const PATH = '/v1/xnet/posts';

interface Post {
  post_id: string;
  title: string;
  url: string;
  date: string;
  author: string;
  snippet: string;
  hashtags: string[];
  user_mentions: string[];
  [field: string]: unknown;
}
interface Body {
  posts: Post[];
  pages: number;
  count: number;
}

const requestsToday = () => quotaUnitsOn(prismaSql, 'xnet', new Date(), COUNT_TIME_ZONE);
const ids = (file: string) => (JSON.parse(recording(file)) as { data: Array<{ id: string }> }).data.map((t) => t.id);

const env = { ...unhurried('xnet'), LIVE_XNET_BEARER_TOKEN: REPLAY_TOKEN };

describe('xnet posts from X API v2 recent search', () => {
  const live = useLiveFamily('xnet', xnetRoutes, { ...env, UPSTREAM_TIMEOUT_MS: '2000' });
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers one page as the recorded posts, with the bearer token and its fields asked for', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ pages: 1, count: 10 });
    expect(body.posts.map((p) => p.post_id)).toEqual(ids(LATER));
    const request = live.replay.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${REPLAY_TOKEN}`);
    expect(request.query).toMatchObject({
      query: 'Tweepy',
      max_results: '20',
      expansions: 'author_id',
      sort_order: 'recency',
    });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('maps a recorded post without fields: the date from its id, hashtags and mentions from its text', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } });
    const [retweet, own] = ((await response.json()) as Body).posts;
    // 1578522194770296832 >> 22 is 23:06:33 UTC; tweepy recorded the answer at 23:07:42.
    expect(retweet).toEqual({
      title: 'Post 1578522194770296832 on X',
      url: 'https://x.com/i/web/status/1578522194770296832',
      date: '2022-10-07 23:06:33',
      author: '',
      source: 'X',
      domain: 'x.com',
      snippet:
        "RT @t6dr1ve: #TwitterBots go away! We don't need your help! #Tweepy #OpenAI #MEME #Python #Programming #DataScience #Blockchain #Cardano #A…",
      likes: 0,
      retweets: 0,
      replies: 0,
      quotes: 0,
      bookmarks: 0,
      views: null,
      author_followers: 0,
      author_verified: false,
      lang: '',
      is_reply: false,
      is_quote: false,
      hashtags: [
        'TwitterBots',
        'Tweepy',
        'OpenAI',
        'MEME',
        'Python',
        'Programming',
        'DataScience',
        'Blockchain',
        'Cardano',
        'A',
      ],
      user_mentions: ['t6dr1ve'],
      post_id: '1578522194770296832',
    });
    // The text says when tweepy's test posted it: the id's time agrees to the second.
    expect(own!.snippet).toBe('2022-10-07 23:06:12.640564 tweepy');
    expect(own!.date).toBe('2022-10-07 23:06:12');
  });

  test('maps the documented answer with the author expanded and the metrics', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: DOCUMENTED_QUERY } });
    expect(((await response.json()) as Body).posts).toEqual([
      {
        title: '@pythondev on X',
        url: 'https://x.com/pythondev/status/1234567890123456789',
        date: '2024-01-15 10:30:00',
        author: 'pythondev',
        source: 'X',
        domain: 'x.com',
        snippet: 'Just started learning Python and loving it!',
        likes: 42,
        retweets: 5,
        replies: 2,
        quotes: 1,
        bookmarks: 0,
        views: null,
        author_followers: 0,
        author_verified: false,
        lang: '',
        is_reply: false,
        is_quote: false,
        hashtags: [],
        user_mentions: [],
        post_id: '1234567890123456789',
      },
    ]);
  });

  test('follows next_token for pages=N, stops where the platform has no more, and bills the pages returned', async () => {
    const before = live.replay.count(SEARCH_PATH);
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy', pages: 10 } });
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ pages: 2, count: 20 });
    expect(body.posts.map((p) => p.post_id)).toEqual([...ids(LATER), ...ids(EARLIER)]);
    // The third request (the 22:43 answer's token) found nothing: not billed.
    expect(live.replay.count(SEARCH_PATH) - before).toBe(3);
    expect(live.replay.requests.slice(-2).map((r) => r.query.next_token)).toEqual([LATER_NEXT, EARLIER_NEXT]);
    expect(await billedUnits(account, response)).toBe(2);
  });

  test('asks relevance as sort_order=relevancy', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy', sort_by: 'relevance' } });
    expect(response.status).toBe(200);
    expect(live.replay.requests.at(-1)!.query.sort_order).toBe('relevancy');
  });

  test('answers a search with no results with an empty page, billed as one request', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'kljadklajsdkljlkjlkjlkjasdasd' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ posts: [], pages: 0, count: 0 });
  });

  test('counts every request the platform answered, for the operator (pay-per-use on X)', async () => {
    const before = await requestsToday();
    await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy', pages: 3 } });
    expect((await requestsToday()) - before).toBe(3);
  });

  test("answers X's 400 for a query it refuses with 400 invalid_parameter naming query, not billed", async () => {
    live.replay.fault({
      status: 400,
      body: '{"errors":[{"parameters":{"query":["from:"]},"message":"There were errors processing your request: Reference to invalid field \'from\'"}],"title":"Invalid Request","detail":"One or more parameters to your request was invalid.","type":"https://api.twitter.com/2/problems/invalid-request"}',
    });
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'from:' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_parameter',
      error: expect.stringContaining("'query'"),
    });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test.each([
    [
      'a 401 (a wrong or revoked token)',
      401,
      '{"title":"Unauthorized","type":"about:blank","status":401,"detail":"Unauthorized"}',
      'refused LIVE_XNET_BEARER_TOKEN',
    ],
    [
      'a 402 (no credits left)',
      402,
      '{"title":"CreditsDepleted","detail":"Your enrolled account does not have any credits","type":"about:blank","status":402}',
      'no credits left',
    ],
    ['a 503', 503, '{"title":"Service Unavailable"}', 'answered 503'],
  ])(
    'answers %s with a logged 502 upstream_error, never billed and never logging the token',
    async (_n, status, body, logged) => {
      live.replay.fault({ status, body });
      const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } });
      expect(response.status).toBe(502);
      expect(await response.json()).toMatchObject({ code: 'upstream_error' });
      expect(await billedUnits(account, response)).toBe(0);
      expect(live.logs.join('\n')).toContain(logged);
      expect(live.logs.join('\n')).not.toContain(REPLAY_TOKEN);
    },
  );

  test('answers a page missing its meta with 502 and a log line naming the field', async () => {
    const page = JSON.parse(recording(LATER)) as Record<string, unknown>;
    delete page.meta;
    live.replay.fault({ status: 200, body: JSON.stringify(page) });
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } });
    expect(response.status).toBe(502);
    expect(live.logs.join('\n')).toMatch(/tweets\/search\/recent does not match its schema .*meta/);
  });
});

describe("X's rate limit", () => {
  test('passes a 429 on as 429 upstream_rate_limit, waiting until x-rate-limit-reset, and asks no more until then', async () => {
    const live = await startLiveFamily('xnet', xnetRoutes, { ...env, LIVE_MAX_WAIT_MS: '1000' });
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    const reset = Math.floor(Date.now() / 1000) + 600;
    live.replay.fault({
      status: 429,
      headers: { 'x-rate-limit-limit': '450', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) },
      body: '{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}',
    });
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await billedUnits(account, response)).toBe(0);
    const asked = live.replay.count();
    expect((await live.api.get(PATH, { key: account.key, params: { query: 'Tweepy' } })).status).toBe(429);
    expect(live.replay.count()).toBe(asked);
  });
});

describe('without a bearer token', () => {
  test('DATA_SOURCE=live leaves xnet on its sandbox with the reason', async () => {
    const { resolveSources } = await import('../../../sources');
    const sources = resolveSources({ DATA_SOURCE: 'live' });
    expect(sources.xnet).toMatchObject({
      source: 'sandbox',
      notLiveReason: expect.stringContaining('LIVE_XNET_BEARER_TOKEN'),
    });
    expect(() => resolveSources({ DATA_SOURCE_XNET: 'live' })).toThrow(/LIVE_XNET_BEARER_TOKEN is not set/);
  });
});
