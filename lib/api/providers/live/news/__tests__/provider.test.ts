// GET /v1/news/articles served live from the stored feeds, through the real gateway and billing:
// the job reads the recorded feeds from a real HTTP server (./feed-server.ts) into the test
// database, then every call reads the database and no feed is asked. Nothing is mocked.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits, type LiveApi as Live, startLiveApi } from '../../__tests__/support/live-api';
import { newsArticlesResponse, type NewsArticle } from '@/lib/api/registry/news';
import { refreshNewsFeeds } from '@/lib/ingest/news/refresh-news-feeds';
import { startFeedServer, type FeedServer } from '@/lib/ingest/news/__tests__/support/feed-server';
import type { Sql } from '../../types';
import { feeds } from './support/routes';

const PATH = '/v1/news/articles';

interface Body {
  articles: NewsArticle[];
  limit: number;
  count: number;
}

const startLive = (env: Record<string, string>): Promise<Live> => startLiveApi({ DATA_SOURCE_NEWS: 'live', ...env });

describe('news articles from the stored feeds', () => {
  let server: FeedServer;
  let live: Live;
  let account: TestAccount;
  let listed: string;

  beforeAll(async () => {
    server = await startFeedServer();
    // Sam Ruby's feed twice (2013 listed first): 11 entries are in both.
    listed = [feeds.guardian, feeds.heise, feeds.tpm, feeds.samRuby2013, feeds.samRuby2012]
      .map((file) => server.feedUrl(file))
      .join(',');
    const outcomes = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: listed }, log: () => {} });
    expect(outcomes.map((o) => o.result)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    live = await startLive({ LIVE_NEWS_FEEDS: listed });
    account = await newAccountWithKey();
  });
  afterAll(async () => {
    await live?.close();
    await server.close();
  });

  test('answers an article field by field as its feed item gave it, billed one request, asking no feed', async () => {
    const asked = server.requests.length;
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'thinly disguised contempt' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(newsArticlesResponse.parse(body)).toBeTruthy();
    expect(body).toMatchObject({ limit: 10, count: 1 });
    expect(body.articles[0]).toStrictEqual({
      title: 'Trump State of the Union address promised unity but emphasized discord',
      url: 'https://www.theguardian.com/us-news/2018/jan/31/donald-trump-state-of-the-union-address-unity-discord',
      source: 'The Guardian',
      domain: 'theguardian.com',
      snippet:
        'The president’s ‘new American moment’ speech stirred Republican applause while Democrats showed thinly disguised contempt ' +
        'Donald Trump has promised a “new American moment” in a State of the Union address that sought harmony but succeeded only ' +
        'in underlining the deep discord at the heart of the country’s politics. ' +
        "Related: Fact check: Donald Trump's State of the Union address analyzed Continue reading...",
      date: '2018-01-31 07:26:05',
      date_timestamp: 1517383565,
      author: 'David Smith in Washington',
      image_url:
        'https://i.guim.co.uk/img/media/b73c8752cd4667c923dff7f1542f1fb20089e421/0_108_3000_1799/master/3000.jpg?w=460&q=55&auto=format&usm=12&fit=max&s=a606a273a90104e57b1e09bc4c0a1e11',
      language: 'en',
    });
    expect(await billedUnits(account, response)).toBe(1);
    expect(server.requests.length).toBe(asked);
  });

  test('merges the feeds newest first, up to limit', async () => {
    // "the" is in nearly every English article of the Guardian, TPM and Sam Ruby feeds (and a heise one).
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'the', limit: 100 } });
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ limit: 100, count: 100 });
    const times = body.articles.map((a) => a.date_timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The Guardian's newest item (31 January 2018) first, then its others, TPM's of November 2017,
    // and Sam Ruby's of 2013 and 2012.
    expect(body.articles[0]).toMatchObject({ source: 'The Guardian', date: '2018-01-31 20:13:54' });
    expect(body.articles.at(-1)).toMatchObject({ source: 'Sam Ruby' });
    expect([...new Set(body.articles.map((a) => a.source))]).toEqual(
      expect.arrayContaining(['The Guardian', 'All TPM News', 'Sam Ruby']),
    );
    expect(await billedUnits(account, response)).toBe(1);

    const three = (await (
      await live.api.get(PATH, { key: account.key, params: { query: 'the', limit: 3 } })
    ).json()) as Body;
    expect(three).toMatchObject({ limit: 3, count: 3 });
    expect(three.articles).toEqual(body.articles.slice(0, 3));
  });

  test("gives each link once across feeds (Sam Ruby's entries of 2012 are in both of his feeds)", async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'Wunderbar', limit: 100 } });
    const body = (await response.json()) as Body;
    expect(body.articles.map((a) => a.url)).toEqual([
      'http://intertwingly.net/blog/2012/04/24/Wunderbar-on-Rails',
      'http://intertwingly.net/blog/2012/04/12/Wunderbar-now-does-Sinatra',
      'http://intertwingly.net/blog/2012/04/01/Improved-Wunderbar-JSON-support',
      'http://intertwingly.net/blog/2012/02/18/WunderWiki',
    ]);
    const all = (await (
      await live.api.get(PATH, { key: account.key, params: { query: 'Sam Ruby', limit: 100 } })
    ).json()) as Body;
    expect(new Set(all.articles.map((a) => a.url)).size).toBe(all.count);
  });

  test('matches every word of the query in any case, a "quoted phrase" as a phrase, and a count below limit when fewer match', async () => {
    const words = (await (
      await live.api.get(PATH, { key: account.key, params: { query: 'WILDFLY red hat' } })
    ).json()) as Body;
    expect(words.articles.map((a) => a.title)).toEqual(['Java-Anwendungsserver: Red Hat gibt WildFly 10 frei']);
    expect(words).toMatchObject({ limit: 10, count: 1 });
    const phrase = (await (
      await live.api.get(PATH, { key: account.key, params: { query: '"hat gibt"' } })
    ).json()) as Body;
    expect(phrase.count).toBe(1);
    const reversed = (await (
      await live.api.get(PATH, { key: account.key, params: { query: '"gibt hat"' } })
    ).json()) as Body;
    expect(reversed).toMatchObject({ count: 0, articles: [] });
  });

  test("reads through the pg pool it is handed (the API process's own), with the same answer, in any time zone", async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
    const statements: string[] = [];
    const sql: Sql = {
      query: (text, values) => {
        statements.push(text);
        return pool.query(text, values);
      },
    };
    const own = await startLiveApi({ DATA_SOURCE_NEWS: 'live', LIVE_NEWS_FEEDS: listed }, { sql });
    // A process whose local zone is not UTC (pg reads a timestamp without time zone in it).
    const zone = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      const params = { query: 'thinly disguised contempt' };
      const viaPool = await own.api.get(PATH, { key: account.key, params });
      const viaPrisma = await live.api.get(PATH, { key: account.key, params });
      expect(viaPool.status).toBe(200);
      expect(statements.some((s) => s.includes('"NewsArticle"'))).toBe(true);
      expect(((await viaPool.json()) as Body).articles).toStrictEqual(((await viaPrisma.json()) as Body).articles);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
      await own.close();
      await pool.end();
    }
  });

  test('answers an empty list when nothing matches, billed one request', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'zzyzx quixotic' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ articles: [], limit: 10, count: 0 });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('adds sentiment from the snippet with get_sentiment=true', async () => {
    const response = await live.api.get(PATH, { key: account.key, params: { query: 'WildFly', get_sentiment: true } });
    const body = (await response.json()) as Body;
    expect(body.count).toBe(1);
    expect(body.articles[0]).toHaveProperty('sentiment');
  });

  test('keeps serving the stored articles of a feed that now fails', async () => {
    server.fault(`/${feeds.heise}`, { status: 500 });
    const outcomes = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: listed }, log: () => {} });
    expect(outcomes.map((o) => o.result)).toEqual([
      'not-modified',
      'failed',
      'not-modified',
      'not-modified',
      'not-modified',
    ]);
    const body = (await (await live.api.get(PATH, { key: account.key, params: { query: 'WildFly' } })).json()) as Body;
    expect(body.count).toBe(1);
  });

  test('answers 502 upstream_error, not billed, before any listed feed has been read', async () => {
    const unread = await startLive({ LIVE_NEWS_FEEDS: `${server.url}/never-read.xml` });
    onTestFinished(unread.close);
    const response = await unread.api.get(PATH, { key: account.key, params: { query: 'the' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      code: 'upstream_error',
      error: 'No news feed has been read yet; retry in a few minutes',
    });
    expect(await billedUnits(account, response)).toBe(0);
    expect(unread.logs.some((line) => line.startsWith('live news: no listed feed has been read yet'))).toBe(true);
  });

  test('answers 502 upstream_error, not billed, when LIVE_NEWS_FEEDS is not a list of feeds', async () => {
    const broken = await startLive({ LIVE_NEWS_FEEDS: 'ftp://example.test/feed.xml' });
    onTestFinished(broken.close);
    const response = await broken.api.get(PATH, { key: account.key, params: { query: 'the' } });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ code: 'upstream_error' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(broken.logs).toContain(
      "live news: LIVE_NEWS_FEEDS entry 'ftp://example.test/feed.xml' must be an http or https URL (every call answers upstream_error)",
    );
  });
});
