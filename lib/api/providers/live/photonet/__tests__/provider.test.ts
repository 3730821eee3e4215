// GET /v1/photonet/user served live from the Instagram Graph API's business discovery on the
// replay server, through the real gateway and billing: the recorded profile field by field, the
// operator's account and token, a personal account's 404, throttling and the API's 429, and the
// sandbox with /status's reason without access. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { useLiveFamily } from '../../__tests__/support/live-family';
import { discoveryFields, discoveryPath } from '../client';
import {
  PERSONAL_USER,
  photonetReplayEnv,
  photonetRoutes,
  RECORDED_USER,
  REPLAY_BUSINESS_ID,
  REPLAY_TOKEN,
  THROTTLED_USER,
} from './support/routes';

const USER = '/v1/photonet/user';

describe('photonet user from Instagram business discovery', () => {
  const live = useLiveFamily('photonet', photonetRoutes, photonetReplayEnv);
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers the recorded business account field by field through the operator account, billed once', async () => {
    const response = await live.api.get(USER, { key: account.key, params: { username: `@${RECORDED_USER}` } });
    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({
      user: {
        username: 'facebookfordevelopers',
        full_name: 'Facebook for Developers',
        user_id: '17841407673135339',
        biography: 'Follow us for updates on Facebook’s business tools, AI, AR, VR, and more.',
        follower_count: 64976,
        following_count: null,
        media_count: 436,
        is_verified: null,
        is_private: false,
        is_business: true,
        category: '',
        external_url: '',
        bio_links: [],
        profile_pic_url: expect.stringMatching(
          /^https:\/\/scontent-nrt1-1\.xx\.fbcdn\.net\/v\/t51\.2885-15\/119360396_/,
        ),
        profile_pic_url_hd: expect.stringMatching(/^https:\/\/scontent-nrt1-1\.xx\.fbcdn\.net\//),
        public_email: '',
        public_phone_number: '',
        account_based_in: '',
        date_joined: '',
        date_joined_timestamp: null,
        date_verified: '',
        date_verified_timestamp: null,
        former_usernames: null,
        is_ai_generated_profile: null,
        url: 'https://www.instagram.com/facebookfordevelopers/',
      },
    });
    expect(await billedUnits(account, response)).toBe(1);
    const request = live.replay.requests.at(-1)!;
    expect(request).toMatchObject({
      path: discoveryPath(REPLAY_BUSINESS_ID),
      query: { fields: discoveryFields(RECORDED_USER) },
    });
    expect(request.query.fields).toContain('follows_count');
    expect(request.headers.authorization).toBe(`Bearer ${REPLAY_TOKEN}`);
    expect(request.query).not.toHaveProperty('access_token');
  });

  test('reads the username out of a profile url', async () => {
    const response = await live.api.get(USER, {
      key: account.key,
      params: { url: `https://www.instagram.com/${RECORDED_USER}/?hl=en` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { user_id: '17841407673135339' } });
  });

  test('answers a personal or unknown account (code 110 / 2207013) with 404 not_found, not billed', async () => {
    const response = await live.api.get(USER, { key: account.key, params: { username: PERSONAL_USER } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a name no account can have with 404 without asking the API', async () => {
    const before = live.replay.count();
    const response = await live.api.get(USER, { key: account.key, params: { username: 'a){id}' } });
    expect(response.status).toBe(404);
    expect(live.replay.count()).toBe(before);
  });

  test("answers Meta's throttling error (400 code 4) with 429 upstream_rate_limit for the time it names, not billed", async () => {
    const response = await live.api.get(USER, { key: account.key, params: { username: THROTTLED_USER } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(response.headers.get('retry-after')).toBe('300');
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a revoked token (190) with a logged 502 naming the setting, never the token', async () => {
    live.replay.fault({
      status: 400,
      body: '{"error":{"message":"Error validating access token","type":"OAuthException","code":190,"fbtrace_id":"x"}}',
    });
    const response = await live.api.get(USER, { key: account.key, params: { username: RECORDED_USER } });
    expect(response.status).toBe(502);
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/code 190.*check LIVE_PHOTONET_ACCESS_TOKEN/);
    expect(live.logs.join('\n')).not.toContain(REPLAY_TOKEN);
  });

  test("passes the API's 429 on as 429 upstream_rate_limit, not billed", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '7' } });
    const response = await live.api.get(USER, { key: account.key, params: { username: 'another_business' } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(await billedUnits(account, response)).toBe(0);
  });
});

describe('photonet access', () => {
  test('stays on the sandbox without the token and business account, and the source summary says which is missing', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live', LIVE_PHOTONET_ACCESS_TOKEN: 't' }).families.find(
      (f) => f.family === 'photonet',
    )!;
    expect(family).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(family.notLiveReason).toMatch(/^LIVE_PHOTONET_BUSINESS_ID not set: .*business discovery/);
    const granted = summarizeSources({ DATA_SOURCE: 'live', ...photonetReplayEnv }).families.find(
      (f) => f.family === 'photonet',
    )!;
    expect(granted).toMatchObject({ source: 'live', livePaths: [USER] });
  });
});
