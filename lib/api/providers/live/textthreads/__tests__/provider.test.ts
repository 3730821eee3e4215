// GET /v1/textthreads/user/posts served live from the Threads API's profile discovery on the
// replay server, through the real gateway and billing. No recording exists: the posts are Meta's
// documented example (routes.ts). Posts field by field, the `after` cursor followed and each page
// billed, an unknown user's 404 billed as one request, throttling and the 429, and the sandbox
// with /status's reason without a token. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { useLiveFamily } from '../../__tests__/support/live-family';
import { PROFILE_POSTS_PATH } from '../client';
import {
  DOCUMENTED_USER,
  REPLAY_TOKEN,
  textthreadsReplayEnv,
  textthreadsRoutes,
  THIRTY_EIGHT,
  UNKNOWN_USER,
} from './support/routes';

const POSTS = '/v1/textthreads/user/posts';

interface Post {
  post_id: string;
  sentiment?: unknown;
}

const documentedText = {
  title: '@threadsapitestuser on Threads',
  url: 'https://www.threads.net/@threadsapitestuser/post/abcdefg',
  date: '2023-10-17 05:42:03',
  author: 'threadsapitestuser',
  source: 'Threads',
  domain: 'threads.com',
  snippet: 'Today Is Monday',
  likes: null,
  replies: null,
  reposts: null,
  quotes: null,
  reshares: null,
  author_name: '',
  author_verified: null,
  is_reply: false,
  is_pinned: null,
  media_type: 'text',
  image_url: '',
  video_url: '',
  width: 0,
  height: 0,
  has_audio: false,
  reply_control: '',
  hashtags: [],
  mentions: [],
  carousel_media: [],
  link_preview: null,
  quoted_post: null,
  post_id: '1234567',
  code: 'abcdefg',
};

describe('textthreads user posts from the Threads API', () => {
  const live = useLiveFamily('textthreads', textthreadsRoutes, textthreadsReplayEnv);
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test("answers the documented profile's posts field by field, one page billed", async () => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { username: `@${DOCUMENTED_USER}`, pages: '3' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: Post[] };
    expect(body).toMatchObject({ pages: 1, count: 3 });
    expect(body.posts[0]).toStrictEqual(documentedText);
    expect(body.posts[2]).toStrictEqual({
      ...documentedText,
      snippet: 'Hello World',
      media_type: 'image',
      image_url: 'https://scontent-sjc3-1.cdninstagram.com/link/to/image',
      width: null,
      height: null,
      has_audio: false,
    });
    expect(await billedUnits(account, response)).toBe(1);
    const request = live.replay.requests.at(-1)!;
    expect(request).toMatchObject({ path: PROFILE_POSTS_PATH, query: { username: DOCUMENTED_USER, limit: '35' } });
    expect(request.headers.authorization).toBe(`Bearer ${REPLAY_TOKEN}`);
  });

  test('follows the `after` cursor past a full page, billing each page returned', async () => {
    const response = await live.api.get(POSTS, { key: account.key, params: { username: THIRTY_EIGHT, pages: '4' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: Post[] };
    expect(body).toMatchObject({ pages: 2, count: 38 });
    expect(body.posts[34]!.post_id).toBe('123456734');
    expect(body.posts[35]!.post_id).toBe('1234567');
    expect(live.replay.requests.at(-1)!.query).toMatchObject({ after: 'AFTER_CURSOR' });
    expect(await billedUnits(account, response)).toBe(2);

    const one = await live.api.get(POSTS, { key: account.key, params: { username: THIRTY_EIGHT } });
    expect(await one.json()).toMatchObject({ pages: 1, count: 35 });
    expect(await billedUnits(account, one)).toBe(1);
  });

  test('answers a username the API cannot look up with 404 not_found, billed as one request whatever pages was', async () => {
    const response = await live.api.get(POSTS, { key: account.key, params: { username: UNKNOWN_USER, pages: '5' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('refuses get_sentiment, which the endpoint does not take (400)', async () => {
    const response = await live.api.get(POSTS, {
      key: account.key,
      params: { username: DOCUMENTED_USER, get_sentiment: 'true' },
    });
    expect(response.status).toBe(400);
  });

  test("answers Meta's throttling (code 613) and the API's 429 with 429 upstream_rate_limit, not billed", async () => {
    live.replay.fault({
      status: 400,
      body: '{"error":{"message":"Calls to this api have exceeded the rate limit.","type":"OAuthException","code":613}}',
    });
    const throttled = await live.api.get(POSTS, { key: account.key, params: { username: DOCUMENTED_USER } });
    expect(throttled.status).toBe(429);
    expect(await billedUnits(account, throttled)).toBe(0);

    live.replay.fault({ status: 429, headers: { 'retry-after': '3' } });
    const limited = await live.api.get(POSTS, { key: account.key, params: { username: 'another_profile' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(await billedUnits(account, limited)).toBe(0);
  });
});

describe('textthreads access', () => {
  test('stays on the sandbox without LIVE_TEXTTHREADS_ACCESS_TOKEN, and the source summary says why', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live' }).families.find((f) => f.family === 'textthreads')!;
    expect(family).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(family.notLiveReason).toMatch(/LIVE_TEXTTHREADS_ACCESS_TOKEN is not set: .*threads_profile_discovery/);
    const granted = summarizeSources({ DATA_SOURCE: 'live', ...textthreadsReplayEnv }).families.find(
      (f) => f.family === 'textthreads',
    )!;
    expect(granted).toMatchObject({ source: 'live', livePaths: [POSTS] });
  });
});
