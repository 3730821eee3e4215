// The reviewsite endpoints served live from Yelp Fusion API answers on the replay server, through
// the real gateway and billing: records field by field, the bearer key, the offset walk and its
// billing, the 240-result window, and the API's 400, 404, 401 and 429. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { startLiveFamily, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { reviewsPath, SEARCH_PATH } from '../client';
import {
  LA_PALMA,
  REPLAY_API_KEY,
  recording,
  reviewsiteRoutes,
  SF_SEARCH,
  TWENTY_THREE,
  UNKNOWN_BUSINESS,
  UNKNOWN_LOCATION,
} from './support/routes';

const SEARCH = '/v1/reviewsite/businesses';
const REVIEWS = '/v1/reviewsite/business/reviews';

const env = { ...unhurried('reviewsite'), LIVE_REVIEWSITE_API_KEY: REPLAY_API_KEY };

interface Review {
  review_id: string;
  date: string;
  sentiment?: unknown;
}

describe('reviewsite from the Yelp Fusion API', () => {
  const live = useLiveFamily('reviewsite', reviewsiteRoutes, env);
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers a search with the recorded businesses field by field, the key as a bearer token, billed once', async () => {
    const response = await live.api.get(SEARCH, { key: account.key, params: SF_SEARCH });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { businesses: unknown[] };
    expect(body).toMatchObject({ query: 'restaurants', location: 'San Francisco, CA', page: 1, total: 6800 });
    expect(body).toMatchObject({ has_next_page: true, count: 20 });
    expect(body.businesses[0]).toStrictEqual({
      business_id: 'wGl_DyNxSv8KUtYgiuLhmA',
      alias: 'bi-rite-creamery-san-francisco',
      name: 'Bi-Rite Creamery',
      url: 'https://www.yelp.com/biz/bi-rite-creamery-san-francisco',
      image_url: 'https://s3-media3.fl.yelpcdn.com/bphoto/ZFLw9lTtUH3R67b4pvb3tg/o.jpg',
      rating: 4.5,
      review_count: 10006,
      price: '$$',
      categories: ['Ice Cream & Frozen Yogurt'],
      phone: '+14156265600',
      display_phone: '(415) 626-5600',
      address: '3692 18th St, San Francisco, CA 94110',
      city: 'San Francisco',
      state: 'CA',
      zip_code: '94110',
      country: 'US',
      latitude: 37.761591,
      longitude: -122.425717,
      distance_meters: 946.3867385272524,
      is_closed: false,
      transactions: ['delivery'],
      source: 'Yelp',
      domain: 'yelp.com',
    });
    // Fog Harbor Fish House: a suite in address2.
    expect(body.businesses[7]).toMatchObject({
      name: 'Fog Harbor Fish House',
      address: '39 Pier, Ste a - 202, San Francisco, CA 94133',
      transactions: ['restaurant_reservation'],
    });
    expect(await billedUnits(account, response)).toBe(1);
    const request = live.replay.requests.at(-1)!;
    expect(request).toMatchObject({
      path: SEARCH_PATH,
      query: { term: 'restaurants', location: 'San Francisco, CA', limit: '20', offset: '0', sort_by: 'best_match' },
    });
    expect(request.headers.authorization).toBe(`Bearer ${REPLAY_API_KEY}`);
  });

  test('answers a page past the 240 results the API serves with no businesses, without asking it', async () => {
    const before = live.replay.count();
    const response = await live.api.get(SEARCH, { key: account.key, params: { ...SF_SEARCH, page: '13' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      businesses: [],
      page: 13,
      total: null,
      has_next_page: false,
      count: 0,
    });
    expect(live.replay.count()).toBe(before);
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('answers an unknown location with 400 invalid_parameter naming location, not billed', async () => {
    const response = await live.api.get(SEARCH, {
      key: account.key,
      params: { query: 'pizza', location: UNKNOWN_LOCATION },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_parameter',
      error: expect.stringContaining("'location'"),
    });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("answers a business's reviews field by field, Pacific times as UTC, one page billed when the API has no more", async () => {
    const response = await live.api.get(REVIEWS, { key: account.key, params: { business_id: LA_PALMA, pages: '3' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reviews: Review[] };
    expect(body).toMatchObject({ business_id: LA_PALMA, total: 3, pages: 1, count: 3 });
    expect(body.reviews[0]).toStrictEqual({
      review_id: 'xAG4O7l-t1ubbwVAlPnDKg',
      url: 'https://www.yelp.com/biz/la-palma-mexicatessen-san-francisco?hrid=hp8hAJ-AnlpqxCCu7kyCWA',
      rating: 5,
      text: 'Went back again to this place since the last time i visited the bay area 5 months ago, and nothing has changed. Still the sketchy Mission, Still the cashier...',
      date: '2016-08-29 07:41:13',
      author_name: 'Ella A.',
      author_id: 'W8UK02IDdRS2GL_66fuq6w',
      author_url: 'https://www.yelp.com/user_details?userid=W8UK02IDdRS2GL_66fuq6w',
      author_image_url: 'https://s3-media3.fl.yelpcdn.com/photo/iwoAD12zkONZxJ94ChAaMg/o.jpg',
      language: '',
      source: 'Yelp',
      domain: 'yelp.com',
    });
    expect(body.reviews[1]).toMatchObject({
      author_name: 'Yanni L.',
      author_image_url: '',
      date: '2016-09-28 15:55:29',
    });
    expect(await billedUnits(account, response)).toBe(1);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: reviewsPath(LA_PALMA),
      query: { limit: '20', sort_by: 'yelp_sort' },
    });
  });

  test('follows the offset to the next page and bills each page returned', async () => {
    const two = await live.api.get(REVIEWS, { key: account.key, params: { business_id: TWENTY_THREE, pages: '5' } });
    expect(two.status).toBe(200);
    const body = (await two.json()) as { reviews: Review[] };
    expect(body).toMatchObject({ total: 23, pages: 2, count: 23 });
    expect(body.reviews[19]!.review_id).toBe('1JNmYjJXr9ZbsfZUAgkeXQ-19');
    expect(body.reviews[20]!.review_id).toBe('xAG4O7l-t1ubbwVAlPnDKg');
    expect(await billedUnits(account, two)).toBe(2);
    expect(live.replay.requests.at(-1)).toMatchObject({ query: { offset: '20' } });

    const one = await live.api.get(REVIEWS, { key: account.key, params: { business_id: TWENTY_THREE } });
    expect(await one.json()).toMatchObject({ pages: 1, count: 20 });
    expect(await billedUnits(account, one)).toBe(1);
  });

  test('asks newest first when sort_by=newest, and adds sentiment to each review when asked', async () => {
    const response = await live.api.get(REVIEWS, {
      key: account.key,
      params: { business_id: LA_PALMA, sort_by: 'newest', get_sentiment: 'true' },
    });
    expect(response.status).toBe(200);
    expect(live.replay.requests.at(-1)).toMatchObject({ query: { sort_by: 'newest' } });
    const body = (await response.json()) as { reviews: Review[] };
    for (const review of body.reviews) expect(review.sentiment).toBeDefined();
  });

  test('answers an unknown business with 404 not_found, not billed', async () => {
    const response = await live.api.get(REVIEWS, { key: account.key, params: { business_id: UNKNOWN_BUSINESS } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('answers a refused key (401) with a logged 502, not billed', async () => {
    live.replay.fault({
      status: 401,
      body: '{"error": {"code": "TOKEN_INVALID", "description": "Invalid access token or authorization header."}}',
    });
    const response = await live.api.get(REVIEWS, { key: account.key, params: { business_id: LA_PALMA } });
    expect(response.status).toBe(502);
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/answered 401 TOKEN_INVALID: check LIVE_REVIEWSITE_API_KEY/);
    expect(live.logs.join('\n')).not.toContain(REPLAY_API_KEY);
  });
});

describe('reviewsite rate limits and access', () => {
  test("passes the API's 429 on as 429 upstream_rate_limit with Retry-After, not billed", async () => {
    const live = await startLiveFamily('reviewsite', reviewsiteRoutes, env);
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    live.replay.fault({ status: 429, body: recording('error-too-many-requests-429.json') });
    const response = await live.api.get(SEARCH, { key: account.key, params: SF_SEARCH });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await billedUnits(account, response)).toBe(0);
  });

  test('stays on the sandbox without LIVE_REVIEWSITE_API_KEY, and the source summary says why', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live' }).families.find((f) => f.family === 'reviewsite')!;
    expect(family).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(family.notLiveReason).toMatch(/LIVE_REVIEWSITE_API_KEY is not set/);
    const withKey = summarizeSources({ DATA_SOURCE: 'live', LIVE_REVIEWSITE_API_KEY: 'k' }).families.find(
      (f) => f.family === 'reviewsite',
    )!;
    expect(withKey).toMatchObject({ source: 'live' });
    expect(withKey.livePaths).toEqual([SEARCH, REVIEWS]);
  });
});
