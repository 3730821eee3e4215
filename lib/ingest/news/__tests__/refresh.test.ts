// The news ingest (refreshNewsFeeds) against the recorded feeds on a real HTTP server with ETag and
// Last-Modified (./feed-server.ts), into the test database: conditional requests and 304s, a run
// twice inserting nothing twice, a changed feed, and each failure recorded on its feed while the
// others go on. Nothing is mocked.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { refreshNewsFeeds, type RefreshOptions } from '../refresh-news-feeds';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feeds, recording } from '@/lib/api/providers/live/news/__tests__/support/routes';

const USER_AGENT = 'news-test/1.0 (ops@example.test)';

function env(server: FeedServer, files: readonly string[], extra: Record<string, string> = {}): Record<string, string> {
  return {
    LIVE_NEWS_FEEDS: files.map((file) => server.feedUrl(file)).join(','),
    LIVE_USER_AGENT: USER_AGENT,
    UPSTREAM_TIMEOUT_MS: '10000',
    ...extra,
  };
}

function refresh(server: FeedServer, files: readonly string[], options: Partial<RefreshOptions> = {}) {
  const logs: string[] = [];
  const run = refreshNewsFeeds({ env: env(server, files), log: (m) => logs.push(m), ...options });
  return run.then((outcomes) => ({ outcomes, logs }));
}

const articleCount = (feedUrl: string) => db.newsArticle.count({ where: { feedUrl } });
const feedRow = (feedUrl: string) => db.newsFeed.findUniqueOrThrow({ where: { url: feedUrl } });

describe('the news job', () => {
  let server: FeedServer;

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('stores every item once, and a second run asks conditionally, gets 304 and inserts nothing twice', async () => {
    const files = [feeds.guardian, feeds.heise];
    const first = await refresh(server, files);
    expect(first.outcomes).toEqual([
      { url: server.feedUrl(feeds.guardian), result: 'stored', articles: 55, inserted: 55, updated: 0 },
      { url: server.feedUrl(feeds.heise), result: 'stored', articles: 15, inserted: 15, updated: 0 },
    ]);
    const guardianRequest = server.requests.findLast((r) => r.path === `/${feeds.guardian}`)!;
    expect(guardianRequest.headers['user-agent']).toBe(USER_AGENT);
    expect(guardianRequest.headers['if-none-match']).toBeUndefined();
    const stored = await db.newsArticle.findMany({
      where: { feedUrl: server.feedUrl(feeds.guardian) },
      orderBy: { url: 'asc' },
    });
    expect(stored).toHaveLength(55);

    const second = await refresh(server, files);
    expect(second.outcomes.map((o) => o.result)).toEqual(['not-modified', 'not-modified']);
    const conditional = server.requests.findLast((r) => r.path === `/${feeds.guardian}`)!;
    expect(conditional.status).toBe(304);
    expect(conditional.headers['if-none-match']).toMatch(/^"[0-9a-f]{16}"$/);
    expect(conditional.headers['if-modified-since']).toBe(new Date('2026-11-01T08:00:00Z').toUTCString());
    // The stored articles are kept as they were.
    expect(
      await db.newsArticle.findMany({ where: { feedUrl: server.feedUrl(feeds.guardian) }, orderBy: { url: 'asc' } }),
    ).toEqual(stored);
    expect(await feedRow(server.feedUrl(feeds.guardian))).toMatchObject({
      title: 'The Guardian',
      lastStatus: 304,
      lastError: null,
    });
  });

  test('a feed that answers 200 again with the same items inserts nothing twice (a server without validators)', async () => {
    const url = server.feedUrl(feeds.tpm);
    await refresh(server, [feeds.tpm]);
    // Forget the validators: the server sends the whole feed again.
    await db.newsFeed.update({ where: { url }, data: { etag: null, lastModified: null } });
    const again = await refresh(server, [feeds.tpm]);
    expect(again.outcomes).toEqual([{ url, result: 'stored', articles: 20, inserted: 0, updated: 0 }]);
    expect(await articleCount(url)).toBe(20);
  });

  test("updates in place an article its feed changed (the Guardian's first title corrected, in memory)", async () => {
    const path = '/guardian-corrected.rss';
    const url = `${server.url}${path}`;
    const original = recording(feeds.guardian).toString('utf8');
    server.serve(path, original);
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    const title = 'Trump State of the Union address promised unity but emphasized discord';
    server.serve(path, original.replace(`<title>${title}</title>`, `<title>${title} (corrected)</title>`));
    const run = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(run).toEqual([{ url, result: 'stored', articles: 55, inserted: 0, updated: 1 }]);
    const link =
      'https://www.theguardian.com/us-news/2018/jan/31/donald-trump-state-of-the-union-address-unity-discord';
    expect(
      await db.newsArticle.findUniqueOrThrow({ where: { feedUrl_url: { feedUrl: url, url: link } } }),
    ).toMatchObject({
      title: `${title} (corrected)`,
      date: new Date('2018-01-31T07:26:05Z'),
      dated: true,
    });
  });

  test('sends If-Modified-Since alone when the feed gave only a Last-Modified', async () => {
    const url = server.feedUrl(feeds.livemint);
    await refresh(server, [feeds.livemint]);
    await db.newsFeed.update({ where: { url }, data: { etag: null } });
    const again = await refresh(server, [feeds.livemint]);
    expect(again.outcomes).toEqual([{ url, result: 'not-modified' }]);
    const request = server.requests.findLast((r) => r.path === `/${feeds.livemint}`)!;
    expect(request.headers['if-none-match']).toBeUndefined();
    expect(request.headers['if-modified-since']).toBeDefined();
    expect(request.status).toBe(304);
  });

  test("a changed feed adds its new items only (Sam Ruby's feed, July 2012 then February 2013 at one address)", async () => {
    const path = '/sam-ruby.atom';
    const url = `${server.url}${path}`;
    server.serve(path, recording(feeds.samRuby2012), 'application/atom+xml');
    const july = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(july).toEqual([{ url, result: 'stored', articles: 20, inserted: 20, updated: 0 }]);
    server.serve(path, recording(feeds.samRuby2013), 'application/atom+xml');
    const february = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    // 9 entries newer than July 2012; the 11 others were stored already (one has a new reply count,
    // which no field of the record holds: nothing to update).
    expect(february).toEqual([{ url, result: 'stored', articles: 20, inserted: 9, updated: 0 }]);
    expect(await articleCount(url)).toBe(29);
  });

  test('records a failing feed (503 with Retry-After) and goes on with the others, and skips it until the time it asked for', async () => {
    const failing = server.feedUrl(feeds.jn);
    server.fault(`/${feeds.jn}`, { status: 503, headers: { 'retry-after': '120' } });
    const at = new Date('2026-11-20T10:00:00Z');
    const run = await refresh(server, [feeds.jn, feeds.liftoff], { now: () => at });
    expect(run.outcomes).toEqual([
      { url: failing, result: 'failed', error: 'answered 503', httpStatus: 503 },
      { url: server.feedUrl(feeds.liftoff), result: 'stored', articles: 4, inserted: 4, updated: 0 },
    ]);
    expect(await feedRow(failing)).toMatchObject({
      lastStatus: 503,
      lastError: 'answered 503',
      lastErrorAt: at,
      lastSuccessAt: null,
      retryAfter: new Date(at.getTime() + 120_000),
    });
    expect(run.logs).toContain(`live news: ${failing}: answered 503`);

    const before = server.count(`/${feeds.jn}`);
    const soon = await refresh(server, [feeds.jn], { now: () => new Date(at.getTime() + 60_000) });
    expect(soon.outcomes).toEqual([{ url: failing, result: 'waiting', until: new Date(at.getTime() + 120_000) }]);
    expect(server.count(`/${feeds.jn}`)).toBe(before);

    const later = await refresh(server, [feeds.jn], { now: () => new Date(at.getTime() + 121_000) });
    expect(later.outcomes).toEqual([{ url: failing, result: 'stored', articles: 40, inserted: 40, updated: 0 }]);
    // The last error stays on record beside the newer success.
    expect(await feedRow(failing)).toMatchObject({
      lastStatus: 200,
      lastError: 'answered 503',
      lastSuccessAt: new Date(at.getTime() + 121_000),
      retryAfter: null,
    });
  });

  test('records a feed that does not answer (reset) or stalls past the timeout, keeping its stored articles', async () => {
    const path = '/liftoff-copy.xml';
    const url = `${server.url}${path}`;
    server.serve(path, recording(feeds.liftoff));
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    server.fault(path, 'reset');
    const reset = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(reset).toEqual([
      { url, result: 'failed', error: expect.stringMatching(/^request failed \(/), httpStatus: null },
    ]);
    server.fault(path, 'stall');
    const stalled = await refreshNewsFeeds({
      env: { LIVE_NEWS_FEEDS: url, UPSTREAM_TIMEOUT_MS: '300' },
      log: () => {},
    });
    expect(stalled).toEqual([{ url, result: 'failed', error: 'no answer within 0.3 s', httpStatus: null }]);
    expect(await feedRow(url)).toMatchObject({ lastStatus: null, lastError: 'no answer within 0.3 s' });
    expect(await articleCount(url)).toBe(4);
  });

  test('records malformed XML and an HTML page as errors of their feeds, keeping what the feed gave before', async () => {
    const path = '/world.rss';
    const url = `${server.url}${path}`;
    server.serve(path, recording(feeds.liftoff));
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    const { etag } = await feedRow(url);
    server.serve(path, recording(feeds.malformed));
    const malformed = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(malformed).toEqual([
      { url, result: 'failed', error: "not well-formed XML: char '&' is not expected. (line 15)", httpStatus: 200 },
    ]);
    expect(await articleCount(url)).toBe(4);
    server.serve(path, recording(feeds.notAFeed), 'text/html');
    const html = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(html).toEqual([{ url, result: 'failed', error: 'an HTML page, not an RSS or Atom feed', httpStatus: 200 }]);
    expect(await articleCount(url)).toBe(4);
    // The validators of what could not be read were not kept: the next run asks for the whole feed.
    expect(await feedRow(url)).toMatchObject({
      etag,
      lastStatus: 200,
      lastError: 'an HTML page, not an RSS or Atom feed',
    });
  });

  test('follows a feed that moved (301) and stores it under the listed address', async () => {
    const url = `${server.url}/moved.atom`;
    server.fault('/moved.atom', { status: 301, headers: { location: `/${feeds.heise}` } });
    const run = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(run).toEqual([{ url, result: 'stored', articles: 15, inserted: 15, updated: 0 }]);
    expect(server.requests.slice(-2).map((r) => [r.path, r.status])).toEqual([
      ['/moved.atom', 301],
      [`/${feeds.heise}`, 200],
    ]);
  });

  test("records a 404 as the feed's error", async () => {
    const url = `${server.url}/gone.xml`;
    const run = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {} });
    expect(run).toEqual([{ url, result: 'failed', error: 'answered 404', httpStatus: 404 }]);
    expect(await feedRow(url)).toMatchObject({ lastStatus: 404, lastError: 'answered 404', retryAfter: null });
  });

  test('prunes articles first seen more than LIVE_NEWS_RETENTION_DAYS ago', async () => {
    const path = '/old-news.rss';
    const url = `${server.url}${path}`;
    server.serve(path, recording(feeds.liftoff));
    const longAgo = new Date('2001-01-01T00:00:00Z');
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url }, log: () => {}, now: () => longAgo });
    expect(await articleCount(url)).toBe(4);
    const logs: string[] = [];
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: url, LIVE_NEWS_RETENTION_DAYS: '30' }, log: (m) => logs.push(m) });
    expect(await articleCount(url)).toBe(0);
    expect(logs.some((line) => /^live news: pruned \d+ articles first seen over 30 days ago$/.test(line))).toBe(true);
  });

  test('refuses a list that is not one', async () => {
    await expect(refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: 'not a feed' }, log: () => {} })).rejects.toThrow(
      "LIVE_NEWS_FEEDS entry 'not a feed' is not a URL (nor, given alone, a file that exists); a relative entry needs LIVE_NEWS_URL",
    );
    await expect(
      refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: 'ftp://example.test/feed.xml' }, log: () => {} }),
    ).rejects.toThrow('must be an http or https URL');
  });
});
