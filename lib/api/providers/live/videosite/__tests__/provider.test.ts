// GET /v1/videosite/channel served live from YouTube Data API recordings on the replay server,
// through the real gateway and billing: the record, every identifier form, unknown channels, the
// API's errors (key, quota, outages), the quota units counted, the cache and the politeness. The
// adapter makes real HTTP requests; nothing is mocked.
import { afterAll, afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits, type LiveApi as Live } from '../../__tests__/support/live-api';
import { startFamilyApi, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { startReplayServer, type ReplayServer } from '../../__tests__/support/replay-server';
import { prismaSql } from '@/lib/db/prisma-sql';
import { quotaUnitsOn, secondsUntilNextQuotaDay } from '../../quota';
import { CHANNELS_PATH, QUOTA_TIME_ZONE } from '../client';
import {
  GONE_ID,
  GOOGLE,
  GOOGLE_DEVELOPERS,
  REPLAY_API_KEY,
  UNKNOWN_HANDLE,
  UNKNOWN_ID,
  channelsQuery,
  recording,
  videositeRoutes,
} from './support/routes';

const PATH = '/v1/videosite/channel';

interface Channel {
  channel_id: string;
  channel_name: string;
  subscriber_count: string | null;
  view_count: number | null;
  url: string;
}
const startLive = (replay: ReplayServer, env: Record<string, string> = {}): Promise<Live> =>
  startFamilyApi('videosite', replay, { LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY, ...env });

const quotaToday = () => quotaUnitsOn(prismaSql, 'videosite', new Date(), QUOTA_TIME_ZONE);

describe('videosite channels from the YouTube Data API', () => {
  // Politeness is its own test below: here the bucket never makes a call wait.
  const live = useLiveFamily('videosite', videositeRoutes, {
    LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY,
    UPSTREAM_TIMEOUT_MS: '2000',
    ...unhurried('videosite'),
  });
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers an id with the recorded channel field by field, billed once, one quota unit counted', async () => {
    const unitsBefore = await quotaToday();
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE_DEVELOPERS } });
    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({
      channel: {
        channel_id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw',
        channel_name: 'Google Developers',
        description:
          'The Google Developers channel features talks from events, educational series, best practices, tips, and the latest updates across our products and platforms.\n\nSubscribe to Google Developers → https://goo.gle/developers\n',
        subscriber_count: '2.3M subscribers',
        video_count: '5.7K videos',
        view_count: 208790084,
        country: 'US',
        creation_date: '2007-08-23',
        verified: false,
        has_business_email: false,
        links: [],
        profile_pic_url:
          'https://yt3.ggpht.com/ytc/AMLnZu-oDvWEJ-WfN9bgxQB2YAlnjC2uqN_c7JQZvX9Ikfg=s800-c-k-c0x00ffffff-no-rj',
        banner: 'https://yt3.ggpht.com/LMkDZSq0icg6yqyItLxe2c9tb_KjjI6jsrWE019X4L5TULPPLXJy6rtx7-nN7TB5EiHzoB0R5g',
        url: 'https://www.youtube.com/@googledevelopers',
      },
    });
    expect(await billedUnits(account, response)).toBe(1);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: CHANNELS_PATH,
      query: channelsQuery({ id: GOOGLE_DEVELOPERS }),
    });
    expect((await quotaToday()) - unitsBefore).toBe(1);
  });

  test.each([
    ['a /channel/ URL', { url: `https://www.youtube.com/channel/${GOOGLE}` }, [{ id: GOOGLE }], GOOGLE],
    [
      'an @handle URL',
      { url: 'https://www.youtube.com/@googledevelopers/videos' },
      [{ forHandle: '@googledevelopers' }, { id: GOOGLE_DEVELOPERS }],
      GOOGLE_DEVELOPERS,
    ],
    [
      'a /user/ URL',
      { url: 'youtube.com/user/GoogleDevelopers' },
      [{ forUsername: 'GoogleDevelopers' }, { id: GOOGLE_DEVELOPERS }],
      GOOGLE_DEVELOPERS,
    ],
    [
      'a /c/ URL (its handle unknown, then its username)',
      { url: 'https://www.youtube.com/c/GoogleDevelopers' },
      [{ forHandle: '@GoogleDevelopers' }, { forUsername: 'GoogleDevelopers' }, { id: GOOGLE_DEVELOPERS }],
      GOOGLE_DEVELOPERS,
    ],
    [
      'an @handle name',
      { name: '@googledevelopers' },
      [{ forHandle: '@googledevelopers' }, { id: GOOGLE_DEVELOPERS }],
      GOOGLE_DEVELOPERS,
    ],
    [
      'a bare name',
      { name: 'GoogleDevelopers' },
      [{ forHandle: '@GoogleDevelopers' }, { forUsername: 'GoogleDevelopers' }, { id: GOOGLE_DEVELOPERS }],
      GOOGLE_DEVELOPERS,
    ],
    // The recorded answers by handle and username lack parts (statistics, brandingSettings): the
    // channel is asked again by its id, so every identifier answers the same record.
  ])("resolves %s with the API's own lookups, at a flat price", async (_name, params, lookups, channelId) => {
    const before = live.replay.requests.length;
    const unitsBefore = await quotaToday();
    const response = await live.api.get(PATH, { key: account.key, params });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { channel: Channel }).channel.channel_id).toBe(channelId);
    expect(live.replay.requests.slice(before).map((r) => r.query)).toEqual(lookups.map(channelsQuery));
    expect(await billedUnits(account, response)).toBe(1);
    expect((await quotaToday()) - unitsBefore).toBe(lookups.length);
  });

  test('answers the same channel the same way by id, url and name (a partial answer is asked again by id)', async () => {
    const byId = await (await live.api.get(PATH, { key: account.key, params: { id: GOOGLE_DEVELOPERS } })).json();
    expect((byId as { channel: Channel }).channel.subscriber_count).toBe('2.3M subscribers');
    for (const params of [
      { url: `https://www.youtube.com/channel/${GOOGLE_DEVELOPERS}` },
      { url: 'https://www.youtube.com/@googledevelopers' },
      { url: 'https://www.youtube.com/user/GoogleDevelopers' },
      { name: '@googledevelopers' },
      { name: 'GoogleDevelopers' },
    ]) {
      const response = await live.api.get(PATH, { key: account.key, params });
      expect({ params, body: await response.json() }).toStrictEqual({ params, body: byId });
    }
  });

  test.each([
    ['an unknown id (no items)', { id: UNKNOWN_ID }, 1],
    ['an id the API answers 404 channelNotFound', { id: GONE_ID }, 1],
    ['an unknown handle', { url: `https://www.youtube.com/${UNKNOWN_HANDLE}` }, 1],
    ['an unknown bare name (handle, then username)', { name: UNKNOWN_HANDLE.slice(1) }, 2],
    ['a display name with spaces (no lookup can find it)', { name: 'Google for Developers' }, 0],
  ])('answers %s with 404 channel_not_found, not billed', async (_name, params, requests) => {
    const before = live.replay.requests.length;
    const response = await live.api.get(PATH, { key: account.key, params });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'channel_not_found' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.replay.requests.length - before).toBe(requests);
  });

  test('answers a refused API key (400 keyInvalid) with 502, logging what is wrong with the key but never the key', async () => {
    live.replay.fault({ status: 400, body: recording('error-key-invalid.json') }, { path: CHANNELS_PATH });
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    const logs = live.logs.join('\n');
    expect(logs).toMatch(/refused LIVE_VIDEOSITE_API_KEY \(400 keyInvalid\)/);
    expect(logs).not.toContain(REPLAY_API_KEY);
  });

  test.each([
    ['a 503', { status: 503 } as const, 'answered 503'],
    [
      'a 403 for the request itself (forbidden)',
      { status: 403, body: '{"error":{"code":403,"errors":[{"reason":"forbidden"}]}}' } as const,
      'refused the request (403 forbidden)',
    ],
    ['a body that is not JSON', 'garbage' as const, 'not JSON'],
    ['a reset connection', 'reset' as const, 'request failed'],
  ])('answers %s with a logged 502 upstream_error, never billed', async (_name, fault, logged) => {
    live.replay.fault(fault, { path: CHANNELS_PATH });
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toContain(logged);
  });

  test('answers an API that does not answer within UPSTREAM_TIMEOUT_MS with 504 upstream_timeout', async () => {
    live.replay.fault('stall', { path: CHANNELS_PATH });
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    live.replay.releaseStalled();
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ code: 'upstream_timeout' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a channel missing its title with 502 and a log line naming the field', async () => {
    // The recorded answer with snippet.title taken out of Google Developers (the recording is untouched).
    const answer = JSON.parse(recording('channels-google-developers-and-google.json')) as {
      items: Array<{ snippet: Record<string, unknown> }>;
    };
    delete answer.items[1]!.snippet.title;
    live.replay.fault({ status: 200, body: JSON.stringify(answer) }, { path: CHANNELS_PATH });
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE_DEVELOPERS } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/channels\.list does not match its schema .*items\.1\.snippet\.title/);
  });

  test('takes an answer with an empty items list as no channel', async () => {
    live.replay.fault(
      {
        status: 200,
        body: '{"kind":"youtube#channelListResponse","pageInfo":{"totalResults":0,"resultsPerPage":5},"items":[]}',
      },
      { path: CHANNELS_PATH },
    );
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'channel_not_found' });
  });
});

describe("the Data API's quota and rate limits", () => {
  let replay: ReplayServer;
  let account: TestAccount;

  beforeAll(async () => {
    replay = await startReplayServer(videositeRoutes);
    account = await newAccountWithKey();
  });
  afterEach(() => expect(replay.unmatched).toEqual([]));
  afterAll(() => replay.close());

  test('answers quotaExceeded with 429 upstream_rate_limit until midnight Pacific time, and asks no more until then', async () => {
    const live = await startLive(replay);
    onTestFinished(live.close);
    replay.fault({ status: 403, body: recording('error-quota-exceeded.json') }, { path: CHANNELS_PATH });
    const expected = secondsUntilNextQuotaDay(new Date(), QUOTA_TIME_ZONE);
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Math.abs(retryAfter - expected)).toBeLessThanOrEqual(5);
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/spent its daily quota \(403 quotaExceeded\)/);
    const asked = replay.count();
    const next = await live.api.get(PATH, { key: account.key, params: { name: '@googledevelopers' } });
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeLessThanOrEqual(retryAfter);
    expect(replay.count()).toBe(asked);
  });

  test("answers a per-minute limit (403 rateLimitExceeded) with 429 and a minute's Retry-After", async () => {
    const live = await startLive(replay);
    onTestFinished(live.close);
    replay.fault(
      {
        status: 403,
        body: '{"error":{"code":403,"errors":[{"domain":"youtube.quota","reason":"rateLimitExceeded"}]}}',
      },
      { path: CHANNELS_PATH },
    );
    const response = await live.api.get(PATH, { key: account.key, params: { id: GOOGLE } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('60');
  });

  test('a burst of calls waits its turn at the politeness limits: every call served, none refused by the API', async () => {
    const live = await startLive(replay, {
      LIVE_VIDEOSITE_REQUESTS_PER_MINUTE: '1200',
      LIVE_VIDEOSITE_BURST: '2',
      LIVE_VIDEOSITE_CONCURRENCY: '1',
    });
    onTestFinished(live.close);
    const before = replay.count();
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () =>
        live.api.get(PATH, { key: account.key, params: { id: GOOGLE } }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(replay.count() - before).toBe(6);
    expect(replay.peakInFlight).toBe(1);
  });
});

describe('the page cache', () => {
  let replay: ReplayServer;

  beforeAll(async () => {
    replay = await startReplayServer(videositeRoutes);
  });
  afterAll(() => replay.close());

  test('two customers asking for the same channel cost one request and one quota unit, and each is billed', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const first = await newAccountWithKey();
    const second = await newAccountWithKey();
    const unitsBefore = await quotaToday();
    const one = await live.api.get(PATH, { key: first.key, params: { id: GOOGLE } });
    const two = await live.api.get(PATH, {
      key: second.key,
      params: { url: `https://www.youtube.com/channel/${GOOGLE}` },
    });
    expect(await two.json()).toEqual(await one.json());
    expect(replay.count(CHANNELS_PATH)).toBe(1);
    expect((await quotaToday()) - unitsBefore).toBe(1);
    expect(await billedUnits(first, one)).toBe(1);
    expect(await billedUnits(second, two)).toBe(1);
  });

  test('simultaneous customers share one request in flight, and its quota unit is counted once', async () => {
    const live = await startLive(replay, { LIVE_CACHE_SECONDS: '60' });
    onTestFinished(live.close);
    const customer = await newAccountWithKey();
    const unitsBefore = await quotaToday();
    const before = replay.count(CHANNELS_PATH);
    const release = replay.hold();
    const calls = Array.from({ length: 3 }, () =>
      live.api.get(PATH, { key: customer.key, params: { id: GOOGLE_DEVELOPERS } }),
    );
    await replay.whenReceived(replay.requests.length + 1);
    release();
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replay.count(CHANNELS_PATH) - before).toBe(1);
    expect((await quotaToday()) - unitsBefore).toBe(1);
  });
});
