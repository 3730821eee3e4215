// GET /v1/videosite/videos and /v1/videosite/video/comments served live from YouTube Data API
// recordings on the replay server, through the real gateway and billing: records field by field,
// nextPageToken followed for pages=N, the pages billed, the quota units counted (search.list 100,
// videos.list and commentThreads.list 1), and the API's 404, comments turned off and quota 429.
import { afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits } from '../../__tests__/support/live-api';
import { startFamilyApi, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import type { Sql } from '../../types';
import { COMMENT_THREADS_PATH, SEARCH_PATH, VIDEO_PARTS, VIDEOS_PATH } from '../videos';
import {
  COMMENTS_OFF_VIDEO,
  COMMENTS_VIDEO,
  REPLAY_API_KEY,
  UNKNOWN_VIDEO,
  recording,
  searchIds,
  searchQuery,
  threadsQuery,
  videositeRoutes,
} from './support/routes';

const VIDEOS = '/v1/videosite/videos';
const COMMENTS = '/v1/videosite/video/comments';

/**
 * The units the adapter records, kept here rather than in the shared LiveQuotaUsage row: other
 * test files count that row's changes for the same family and day while this one runs.
 */
const spent: number[] = [];
const quotaSql: Sql = {
  async query<R extends Record<string, unknown>>(text: string, values?: unknown[]) {
    if (text.includes('INSERT INTO "LiveQuotaUsage"')) spent.push(Number(values?.[2]));
    return { rows: [] as R[] };
  },
};
const quotaToday = async () => spent.reduce((sum, units) => sum + units, 0);

describe('videosite video search and comments from the YouTube Data API', () => {
  const live = useLiveFamily(
    'videosite',
    videositeRoutes,
    { ...unhurried('videosite'), LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY, UPSTREAM_TIMEOUT_MS: '2000' },
    { sql: quotaSql },
  );
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('pages=1: 25 videos, the first field by field, a search.list then a videos.list, billed 1, 101 units', async () => {
    const units = await quotaToday();
    const before = live.replay.requests.length;
    const response = await live.api.get(VIDEOS, { key: account.key, params: { query: 'surfing' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { videos: Record<string, unknown>[] };
    expect(body).toMatchObject({ query: 'surfing', sort_by: 'relevance', pages: 1, count: 25 });
    expect(body.videos[0]).toStrictEqual({
      video_id: 'gQ_1zX-F_No',
      title: 'SURFING HAWAII’S BEST WAVE WITH MY GIRLFRIEND (PIPELINE)',
      description:
        'SOME FUN BARRELS IN THE MORNING TO SOME LONG BOARDING, RAFTING, AND BOARD TRANSFERS IN THE AFTERNOON! NEW STAY PSYCHED ...',
      url: 'https://www.youtube.com/watch?v=gQ_1zX-F_No',
      thumbnail: 'https://i.ytimg.com/vi/gQ_1zX-F_No/hqdefault.jpg',
      channel_id: 'UCo_q6aOlvPH7M-j_XGWVgXg',
      channel_name: "Jamie O'Brien",
      channel_url: 'https://www.youtube.com/channel/UCo_q6aOlvPH7M-j_XGWVgXg',
      date: '2019-12-05 19:00:10',
      // No videos.list answer for these videos was recorded (the replay answers an empty list).
      views: null,
      likes: null,
      comments: null,
      duration: null,
      live_status: 'none',
      source: 'YouTube',
      domain: 'youtube.com',
    });
    expect(live.replay.requests.slice(before).map((r) => [r.path, r.query])).toEqual([
      [SEARCH_PATH, searchQuery('surfing')],
      [VIDEOS_PATH, { part: VIDEO_PARTS, id: searchIds('search-surfing-page1.json').join(','), key: REPLAY_API_KEY }],
    ]);
    expect(await billedUnits(account, response)).toBe(1);
    expect((await quotaToday()) - units).toBe(101);
  });

  test('titles escaped as HTML by search.list read as text', async () => {
    const response = await live.api.get(VIDEOS, { key: account.key, params: { query: 'surfing', pages: 2 } });
    const body = (await response.json()) as { videos: { title: string; channel_name: string }[] };
    const escaped = JSON.stringify(JSON.parse(recording('search-surfing-page1.json')));
    expect(escaped).toContain('&#39;');
    expect(body.videos.some((v) => v.title.includes('&#39;') || v.title.includes('&amp;'))).toBe(false);
    expect(body.videos.some((v) => v.title.includes("'"))).toBe(true);
  });

  test('pages=3 follows nextPageToken, stops at the empty third page and bills the two pages returned', async () => {
    const units = await quotaToday();
    const before = live.replay.requests.length;
    const response = await live.api.get(VIDEOS, { key: account.key, params: { query: 'surfing', pages: 3 } });
    const body = (await response.json()) as { videos: { video_id: string }[] };
    expect(body).toMatchObject({ pages: 2, count: 50 });
    expect(body.videos[25]!.video_id).toBe(searchIds('search-surfing-page2.json')[0]);
    expect(
      live.replay.requests
        .slice(before)
        .filter((r) => r.path === SEARCH_PATH)
        .map((r) => r.query.pageToken),
    ).toEqual([undefined, 'CBkQAA', 'CDIQAA']);
    expect(await billedUnits(account, response)).toBe(2);
    expect((await quotaToday()) - units).toBe(3 * 100 + 2);
  });

  test('comments: the five recorded threads field by field, billed 1, one unit', async () => {
    const units = await quotaToday();
    const response = await live.api.get(COMMENTS, { key: account.key, params: { id: COMMENTS_VIDEO } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { comments: Record<string, unknown>[] };
    expect(body).toMatchObject({ video_id: COMMENTS_VIDEO, sort_by: 'top', pages: 1, count: 5 });
    expect(body.comments[0]).toStrictEqual({
      comment_id: 'UgyZ1jqkHKYvi1-ruOZ4AaABAg',
      video_id: 'F1UP7wRCPH8',
      text: 'Google.com',
      author: 'himani agarwal',
      author_channel_id: 'UCzj-CjKYmGlZ7vTL-vOe57A',
      author_url: 'http://www.youtube.com/channel/UCzj-CjKYmGlZ7vTL-vOe57A',
      author_avatar: 'https://yt3.ggpht.com/a/AGF-l78sAaVkRzpOeLtaisG-MYI3gOvnvNL9iXZo3g=s48-c-k-c0xffffffff-no-rj-mo',
      likes: 0,
      replies: 0,
      date: '2019-11-26 15:51:44',
      edited: false,
      url: 'https://www.youtube.com/watch?v=F1UP7wRCPH8&lc=UgyZ1jqkHKYvi1-ruOZ4AaABAg',
      source: 'YouTube',
      domain: 'youtube.com',
    });
    expect(body.comments.map((c) => c.replies)).toEqual([0, 0, 0, 0, 2]);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: COMMENT_THREADS_PATH,
      query: threadsQuery(COMMENTS_VIDEO),
    });
    expect(await billedUnits(account, response)).toBe(1);
    expect((await quotaToday()) - units).toBe(1);
  });

  test('comments by url, pages=2: the next page token is followed and the empty page ends the walk', async () => {
    const response = await live.api.get(COMMENTS, {
      key: account.key,
      params: { url: `https://youtu.be/${COMMENTS_VIDEO}?t=12`, pages: 2 },
    });
    expect(await response.json()).toMatchObject({ video_id: COMMENTS_VIDEO, pages: 1, count: 5 });
    expect(live.replay.requests.at(-1)?.query.pageToken).toMatch(/^QURTSl9p/);
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('an unknown video (404 videoNotFound) is 404 not_found, not billed', async () => {
    const response = await live.api.get(COMMENTS, { key: account.key, params: { id: UNKNOWN_VIDEO } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('a video with comments turned off (403 commentsDisabled) answers no comments, not billed', async () => {
    const response = await live.api.get(COMMENTS, { key: account.key, params: { id: COMMENTS_OFF_VIDEO } });
    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({
      comments: [],
      video_id: COMMENTS_OFF_VIDEO,
      sort_by: 'top',
      pages: 0,
      count: 0,
    });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("the platform's 429 is 429 upstream_rate_limit with its Retry-After, not billed", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '2' } }, { path: SEARCH_PATH });
    const response = await live.api.get(VIDEOS, { key: account.key, params: { query: 'surfing' } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('a spent daily quota on search.list (403 quotaExceeded) is 429 until midnight Pacific, not billed', async () => {
    // Its own provider: the spent quota holds every later call of the process at 429.
    const own = await startFamilyApi(
      'videosite',
      live.replay,
      { LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY },
      { sql: quotaSql },
    );
    onTestFinished(own.close);
    live.replay.fault({ status: 403, body: recording('error-quota-exceeded.json') }, { path: SEARCH_PATH });
    const response = await own.api.get(VIDEOS, { key: account.key, params: { query: 'surfing' } });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await billedUnits(account, response)).toBe(0);
    const before = live.replay.requests.length;
    const again = await own.api.get(COMMENTS, { key: account.key, params: { id: COMMENTS_VIDEO } });
    expect(again.status).toBe(429);
    expect(live.replay.requests.length).toBe(before); // Google is not asked until the quota day ends
  });
});
