// GET /v1/websearch/results served live from a SearXNG instance's answers on the replay server,
// through the real gateway and billing: records field by field, pageno followed and each page
// billed, results already returned left out, the instance's 403, 404 and 429, and the sandbox
// fallback without LIVE_WEBSEARCH_URL. Nothing is mocked.
import { afterEach, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { summarizeSources } from '@/lib/api/providers/source-summary';
import { billedUnits } from '../../__tests__/support/live-api';
import { startLiveFamily, unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { SEARCH_PATH } from '../client';
import { PORTALS, searchQuery, websearchRoutes } from './support/routes';

const RESULTS = '/v1/websearch/results';

interface Result {
  position: number;
  rank: number;
  url: string;
  source: string;
  domain: string;
}

describe('websearch from a SearXNG instance', () => {
  const live = useLiveFamily('websearch', websearchRoutes, unhurried('websearch'));
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('answers one page of 10 results field by field, each naming its own site, billed as 1 page', async () => {
    const response = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: Result[]; pages: number; count: number };
    expect(body).toMatchObject({ pages: 1, count: 10 });
    expect(body.results[0]).toStrictEqual({
      position: 1,
      rank: 1,
      title: 'data.europa.eu - The official portal for European data',
      url: 'https://data.europa.eu/en',
      snippet: 'The official portal for European data: datasets from public administrations across Europe.',
      source: 'data.europa.eu',
      domain: 'data.europa.eu',
      displayed_link: 'data.europa.eu › en',
    });
    expect(body.results[2]).toMatchObject({
      url: 'https://en.wikipedia.org/wiki/Open_data',
      source: 'en.wikipedia.org',
      displayed_link: 'en.wikipedia.org › wiki › Open_data',
    });
    expect(body.results[1]).toMatchObject({ domain: 'data.gov', displayed_link: 'data.gov' });
    expect(body.results.at(-1)).toMatchObject({ position: 10, rank: 10, url: 'https://open.canada.ca/en/open-data' });
    expect(await billedUnits(account, response)).toBe(1);
    expect(live.replay.requests.at(-1)).toMatchObject({ path: SEARCH_PATH, query: searchQuery(1) });
  });

  test('follows pageno for pages=N, leaves out a result already returned, stops at an empty page and bills the pages that returned results', async () => {
    const before = live.replay.count();
    const response = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS, pages: '5' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: Result[]; pages: number; count: number };
    expect(body).toMatchObject({ pages: 2, count: 12 });
    expect(body.results.slice(10)).toMatchObject([
      { position: 1, rank: 11, url: 'https://data.worldbank.org/', domain: 'data.worldbank.org' },
      {
        position: 2,
        rank: 12,
        displayed_link: 'github.com › okfn › opendatahandbook › blob › master › README.md',
      },
    ]);
    expect(body.results.filter((r) => r.url === 'https://www.data.gov/')).toHaveLength(1);
    expect(live.replay.count() - before).toBe(3);
    expect(await billedUnits(account, response)).toBe(2);
  });

  test('asks for the language and country as one locale and the time range', async () => {
    const response = await live.api.get(RESULTS, {
      key: account.key,
      params: { query: PORTALS, country: 'gb', time: 'month' },
    });
    expect(response.status).toBe(200);
    expect(live.replay.requests.at(-1)!.query).toEqual(searchQuery(1, { language: 'en-GB', time_range: 'month' }));
  });

  test('answers time=hour with 400 invalid_parameter naming time, the engine not asked, not billed', async () => {
    const before = live.replay.count();
    const response = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS, time: 'hour' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'invalid_parameter',
      error: expect.stringContaining("'time'"),
    });
    expect(live.replay.count()).toBe(before);
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("passes the instance's 429 on as 429 upstream_rate_limit with Retry-After, not billed", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '5' } });
    const response = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(5);
    expect(await billedUnits(account, response)).toBe(0);
  });
});

describe('websearch refusals and access', () => {
  test('answers 403 (JSON format off) and 404 (no SearXNG there) with logged 502s naming the setting, not billed', async () => {
    const live = await startLiveFamily('websearch', websearchRoutes, unhurried('websearch'));
    onTestFinished(live.close);
    const account = await newAccountWithKey();
    live.replay.fault({ status: 403, body: '{}' });
    const forbidden = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS } });
    expect(forbidden.status).toBe(502);
    expect(await billedUnits(account, forbidden)).toBe(0);
    live.replay.fault({ status: 404, body: '{}' });
    const missing = await live.api.get(RESULTS, { key: account.key, params: { query: PORTALS } });
    expect(missing.status).toBe(502);
    expect(await billedUnits(account, missing)).toBe(0);
    const logs = live.logs.join('\n');
    expect(logs).toMatch(/answered 403: enable the json format/);
    expect(logs).toMatch(/answered 404: check LIVE_WEBSEARCH_URL/);
  });

  test('stays on the sandbox without LIVE_WEBSEARCH_URL, and the source summary says why', () => {
    const family = summarizeSources({ DATA_SOURCE: 'live' }).families.find((f) => f.family === 'websearch')!;
    expect(family).toMatchObject({ source: 'sandbox', livePaths: [] });
    expect(family.notLiveReason).toMatch(/LIVE_WEBSEARCH_URL is not set/);
    const withUrl = summarizeSources({ DATA_SOURCE: 'live', LIVE_WEBSEARCH_URL: 'http://searxng.internal:8080' });
    expect(withUrl.families.find((f) => f.family === 'websearch')).toMatchObject({
      source: 'live',
      livePaths: [RESULTS],
    });
  });
});
