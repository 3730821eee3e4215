// GET /v1/socialnet/page/videos served live from the Facebook Graph API's page videos on the replay
// server, through the real gateway and billing: the recorded videos field by field, the `after`
// cursor followed and each page billed, the API's real 400 bodies (a page the token cannot see:
// 404; an app without app secret proof: 502), throttling and the 429, and the sandbox with
// /status's reason without a token. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { useLiveFamily } from '../../__tests__/support/live-family';
import { videosPath } from '../client';
import {
  RECORDED_PAGE,
  REFUSED_PAGE,
  REPLAY_TOKEN,
  socialnetReplayEnv,
  socialnetRoutes,
  UNKNOWN_PAGE,
} from './support/routes';

const VIDEOS = '/v1/socialnet/page/videos';

interface Video {
  video_id: string;
  sentiment?: unknown;
}

describe('socialnet page videos from the Graph API', () => {
  const live = useLiveFamily('socialnet', socialnetRoutes, socialnetReplayEnv);
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test("answers a page's recorded videos field by field, one page billed", async () => {
    const response = await live.api.get(VIDEOS, { key: account.key, params: { delegate_page_id: RECORDED_PAGE } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { videos: Video[] };
    expect(body).toMatchObject({ count: 3, pages: 1 });
    expect(body.videos[0]).toStrictEqual({
      video_id: '1002065083862711',
      url: 'https://www.facebook.com/FacebookforDevelopers/videos/1002065083862711/',
      description: expect.stringMatching(/^In the Boz to the Future Podcast, Facebook Reality Labs VP Andrew “Boz”/),
      thumbnail: '',
      play_count: null,
      date: '2021-08-10 16:40:23',
      timestamp: 1628613623,
    });
    expect(body.videos.map((v) => v.video_id)).toEqual(['1002065083862711', '1192957457884299', '334712884667245']);
    expect(await billedUnits(account, response)).toBe(1);
    const request = live.replay.requests.at(-1)!;
    expect(request).toMatchObject({ path: videosPath(RECORDED_PAGE), query: { limit: '25' } });
    expect(request.query.fields).toBe('id,created_time,description,title,permalink_url,picture');
    expect(request.headers.authorization).toBe(`Bearer ${REPLAY_TOKEN}`);
  });

  test('follows the `after` cursor while the API gives a next page, billing each page returned', async () => {
    const response = await live.api.get(VIDEOS, {
      key: account.key,
      params: { delegate_page_id: RECORDED_PAGE, pages: '5' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { videos: Video[] };
    expect(body).toMatchObject({ count: 5, pages: 2 });
    expect(body.videos[3]).toMatchObject({
      video_id: '480061623290861',
      date: '2021-06-08 14:55:53',
      description: expect.stringMatching(/^Discover how startups/),
    });
    expect(live.replay.requests.at(-1)!.query).toMatchObject({ after: 'after' });
    expect(await billedUnits(account, response)).toBe(2);
  });

  test('answers a page the token cannot see (code 100, "Object does not exist") with 404 not_found, not billed', async () => {
    const response = await live.api.get(VIDEOS, { key: account.key, params: { delegate_page_id: UNKNOWN_PAGE } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("answers the API's refusal of an app without app secret proof with a logged 502, not billed", async () => {
    const response = await live.api.get(VIDEOS, { key: account.key, params: { delegate_page_id: REFUSED_PAGE } });
    expect(response.status).toBe(502);
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/live socialnet: \{page-id\}\/videos answered 400 OAuthException code 100/);
    expect(live.logs.join('\n')).not.toContain(REPLAY_TOKEN);
  });

  test("answers Meta's page throttling (code 32) and the API's 429 with 429 upstream_rate_limit, not billed", async () => {
    live.replay.fault({
      status: 400,
      body: '{"error":{"message":"(#32) Page request limit reached","type":"OAuthException","code":32,"fbtrace_id":"x"}}',
    });
    const throttled = await live.api.get(VIDEOS, { key: account.key, params: { delegate_page_id: RECORDED_PAGE } });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('60');
    expect(await billedUnits(account, throttled)).toBe(0);

    live.replay.fault({ status: 429, headers: { 'retry-after': '3' } });
    const limited = await live.api.get(VIDEOS, { key: account.key, params: { delegate_page_id: '100000000000003' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(await billedUnits(account, limited)).toBe(0);
  });
});

describe('socialnet access', () => {
  test('stays on the sandbox without LIVE_SOCIALNET_ACCESS_TOKEN, and the source summary says why', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live' }).families.find((f) => f.family === 'socialnet')!;
    expect(family).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(family.notLiveReason).toMatch(/LIVE_SOCIALNET_ACCESS_TOKEN is not set: .*Page Public Content Access/);
    const granted = summarizeSources({ DATA_SOURCE: 'live', ...socialnetReplayEnv }).families.find(
      (f) => f.family === 'socialnet',
    )!;
    expect(granted).toMatchObject({ source: 'live', livePaths: [VIDEOS] });
  });
});
