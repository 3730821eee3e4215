// GET /v1/places/search served live from Nominatim answers on the replay server, through the real
// gateway and billing: records field by field, the `near` lookup and the radius, the politeness of
// the public instance, and the platform's 403, 404 and 429. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { startLiveFamily, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { placesAdapter } from '..';
import { SEARCH_PATH, viewboxOf } from '../client';
import {
  ATLANTIS,
  CATHEDRAL,
  COLOGNE,
  GARDEN,
  GARDEN_POINT,
  LONDON,
  NOTHING,
  OFF_CENTER,
  placesRoutes,
  recording,
} from './support/routes';

const PLACES = '/v1/places/search';

describe('places from Nominatim', () => {
  const live = useLiveFamily('places', placesRoutes, unhurried('places'));
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers a search with the recorded place field by field, billed once', async () => {
    const response = await live.api.get(PLACES, { key: account.key, params: { query: COLOGNE } });
    expect(response.status).toBe(200);
    expect(await response.json()).toStrictEqual({
      places: [
        {
          place_id: 'way/4532022',
          name: 'Cologne Cathedral',
          type: 'place_of_worship',
          subtypes: ['place_of_worship'],
          phone_number: null,
          website: null,
          domain: null,
          opening_hours: null,
          address:
            'Cologne Cathedral, 4, Domkloster, Kunibertsviertel, Altstadt-Nord, Innenstadt, Cologne, Cologne Government Region, North Rhine-Westphalia, 50667, Germany',
          street_address: '4 Domkloster',
          district: 'Innenstadt',
          city: 'Cologne',
          state: 'North Rhine-Westphalia',
          zipcode: '50667',
          country: 'DE',
          latitude: 50.9413445,
          longitude: 6.9581209,
          url: 'https://www.openstreetmap.org/way/4532022',
        },
      ],
      query: COLOGNE,
      count: 1,
    });
    expect(await billedUnits(account, response)).toBe(1);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: SEARCH_PATH,
      query: { q: COLOGNE, format: 'jsonv2', addressdetails: '1', extratags: '1', limit: '20' },
    });
  });

  test("reads the extratags of jsonv2: the website and its domain (Nominatim's documented example)", async () => {
    const response = await live.api.get(PLACES, { key: account.key, params: { query: LONDON } });
    const body = (await response.json()) as { places: Record<string, unknown>[] };
    expect(body.places[0]).toMatchObject({
      place_id: 'node/107775',
      name: 'London',
      type: 'city',
      website: 'http://www.london.gov.uk',
      domain: 'london.gov.uk',
      street_address: '',
      district: '',
      city: 'London',
      state: 'England',
      zipcode: 'SW1A 2DU',
      country: 'GB',
    });
  });

  test('looks `near` up first, then searches the box of the radius around it, billed once', async () => {
    const before = live.replay.count();
    const response = await live.api.get(PLACES, {
      key: account.key,
      params: { query: GARDEN, near: GARDEN, radius: '1000', limit: '5' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { places: Record<string, unknown>[]; count: number };
    expect(body.count).toBe(1);
    expect(body.places[0]).toMatchObject({
      place_id: 'way/24801588',
      name: 'Madison Square Garden',
      type: 'stadium',
      street_address: 'West 31st Street',
      district: 'Long Island City',
      city: 'New York City',
      state: 'New York',
      zipcode: '10001',
      country: 'US',
    });
    expect(live.replay.count() - before).toBe(2);
    expect(live.replay.requests.at(-2)!.query).toEqual({ q: GARDEN, format: 'jsonv2', limit: '1' });
    expect(live.replay.requests.at(-1)!.query).toMatchObject({
      viewbox: viewboxOf({ ...GARDEN_POINT, radius: 1000 }),
      bounded: '1',
    });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('keeps the places within the radius of lat/lon: a place in the box but outside the circle is left out', async () => {
    const inside = await live.api.get(PLACES, {
      key: account.key,
      params: { query: COLOGNE, lat: String(CATHEDRAL.lat), lon: String(CATHEDRAL.lon), radius: '300' },
    });
    expect(await inside.json()).toMatchObject({ count: 1 });
    const outside = await live.api.get(PLACES, {
      key: account.key,
      params: { query: COLOGNE, lat: String(OFF_CENTER.lat), lon: String(OFF_CENTER.lon), radius: '500' },
    });
    expect(outside.status).toBe(200);
    expect(await outside.json()).toStrictEqual({ places: [], query: COLOGNE, count: 0 });
    expect(await billedUnits(account, outside)).toBe(1);
  });

  test('answers nothing found with an empty list, billed as the endpoint says', async () => {
    const response = await live.api.get(PLACES, { key: account.key, params: { query: NOTHING } });
    expect(await response.json()).toStrictEqual({ places: [], query: NOTHING, count: 0 });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('answers a `near` the map cannot find with 400 invalid_parameter naming near, not billed', async () => {
    const response = await live.api.get(PLACES, { key: account.key, params: { query: 'cafe', near: ATLANTIS } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_parameter',
      error: expect.stringContaining("'near'"),
    });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("passes Nominatim's 429 on as 429 upstream_rate_limit with Retry-After, not billed", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '7' } });
    const response = await live.api.get(PLACES, { key: account.key, params: { query: COLOGNE } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(7);
    expect(await billedUnits(account, response)).toBe(0);
  });
});

describe('places refusals and access', () => {
  test("answers the public instance's 403 block page and a 404 (no Nominatim there) with logged 502s, not billed", async () => {
    const live = await startLiveFamily('places', placesRoutes, unhurried('places'));
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    live.replay.fault({ status: 403, body: recording('nominatim_over_limit.html') });
    const blocked = await live.api.get(PLACES, { key: account.key, params: { query: COLOGNE } });
    expect(blocked.status).toBe(502);
    expect(await billedUnits(account, blocked)).toBe(0);
    live.replay.fault({ status: 404, body: '{"error": "not found"}' });
    const missing = await live.api.get(PLACES, { key: account.key, params: { query: COLOGNE } });
    expect(missing.status).toBe(502);
    expect(await billedUnits(account, missing)).toBe(0);
    expect(live.logs.join('\n')).toMatch(/answered 404: check LIVE_PLACES_URL/);
  });

  test('asks the public instance at most one request a second, one at a time', () => {
    expect(placesAdapter.politeness).toEqual({ requestsPerMinute: 60, burst: 1, concurrency: 1 });
  });

  test('stays on the sandbox on the public instance without an identifying LIVE_USER_AGENT, and says why', () => {
    const family = (env: Record<string, string>) =>
      summarizeSources({ DATA_SOURCE: 'live', ...env }).families.find((f) => f.family === 'places')!;
    const anonymous = family({});
    expect(anonymous).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(anonymous.notLiveReason).toMatch(/LIVE_USER_AGENT names no operator/);
    expect(family({ LIVE_USER_AGENT: 'example-data/2.0 (ops@example.org)' })).toMatchObject({
      source: 'live',
      livePaths: [PLACES],
    });
    expect(family({ LIVE_PLACES_URL: 'http://nominatim.internal:8080' })).toMatchObject({ source: 'live' });
  });
});
