// Live news's state as the ingest left it, on the recorded feeds and the test database: each listed
// feed's last success and last error for the operator (getOperatorStatus, `npm run console --
// source-status`), and on the public /status (getSourceStatus) only how many feeds there are and
// fail, never a feed's address: a feed URL can carry credentials and a token.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchNewsFeedsTask } from '@/lib/jobs/fetch-news-feeds-task';
import { formatOperatorStatus } from '@/scripts/console/source-status';
import { formatOutcome } from '@/scripts/console/fetch-news';
import { getOperatorStatus } from '@/lib/server/status/get-operator-status';
import { getSourceStatus } from '@/lib/server/status/get-source-status';
import { newsIsLive, refreshNewsFeeds, summarizeOutcomes } from '../refresh-news-feeds';
import { startFeedServer, type FeedServer } from './support/feed-server';
import { feeds } from '@/lib/api/providers/live/news/__tests__/support/routes';

describe('news feeds for the operator and on /status', () => {
  let server: FeedServer;

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test("shows each listed feed's last success and last error, a feed never read as such", async () => {
    const good = server.feedUrl(feeds.heise);
    const failing = server.feedUrl(feeds.malformed);
    const unread = `${server.url}/not-read-yet.xml`;
    const at = new Date('2026-11-24T09:00:00Z');
    await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: `${good},${failing}` }, log: () => {}, now: () => at });
    const env = { DATA_SOURCE_NEWS: 'live', LIVE_NEWS_FEEDS: `${good},${failing},${unread}` };
    const operator = await getOperatorStatus({ env, now: new Date('2026-11-24T09:05:00Z') });
    const news = operator.find((f) => f.family === 'news')!;
    expect(news.source).toBe('live');
    expect(news.newsFeeds).toEqual([
      {
        address: good,
        title: 'heise developer neueste Meldungen',
        lastFetchedAt: at,
        lastSuccessAt: at,
        lastError: null,
        lastErrorAt: null,
        lastStatus: 200,
        articles: 15,
      },
      {
        address: failing,
        title: '',
        lastFetchedAt: at,
        lastSuccessAt: null,
        lastError: "not well-formed XML: char '&' is not expected. (line 15)",
        lastErrorAt: at,
        lastStatus: 200,
        articles: 0,
      },
      {
        address: unread,
        title: '',
        lastFetchedAt: null,
        lastSuccessAt: null,
        lastError: null,
        lastErrorAt: null,
        lastStatus: null,
        articles: 0,
      },
    ]);
    // Other families carry no feeds; news on the sandbox none either.
    expect(operator.filter((f) => f.newsFeeds !== null).map((f) => f.family)).toEqual(['news']);
    const sandbox = await getOperatorStatus({ env: { LIVE_NEWS_FEEDS: good }, now: new Date('2026-11-24T09:05:00Z') });
    expect(sandbox.find((f) => f.family === 'news')).toMatchObject({ source: 'sandbox', newsFeeds: null });

    // The public page: the counts and the newest success only.
    const status = await getSourceStatus({ env, now: new Date('2026-11-24T09:05:00Z') });
    expect(status.families.find((f) => f.family === 'news')!.newsFeeds).toEqual({
      listed: 3,
      failing: 1,
      lastSuccessAt: at,
    });
    expect(JSON.stringify(status)).not.toContain(server.url.replace('http://', ''));
  });

  test('never shows or logs the credentials or query of a feed URL', async () => {
    const secretUrl = `${server.feedUrl(feeds.heise).replace('http://', 'http://reader:hunter22@')}?token=s3cret-token`;
    const brokenUrl = `${server.url.replace('http://', 'http://reader:hunter22@')}/gone.xml?token=s3cret-token`;
    const lines: string[] = [];
    const at = new Date('2026-11-24T10:00:00Z');
    const env = { DATA_SOURCE_NEWS: 'live', LIVE_NEWS_FEEDS: `${secretUrl},${brokenUrl}` };
    const outcomes = await refreshNewsFeeds({ env, log: (line) => lines.push(line), now: () => at });
    expect(outcomes.map((o) => o.result)).toEqual(['stored', 'failed']);
    // The worker's log names the failing feed by its scheme, host and path.
    expect(lines).toContain(`live news: ${server.url}/gone.xml: answered 404`);
    // The operator's command lines (source-status, fetch-news) show the same address.
    const operator = formatOperatorStatus(await getOperatorStatus({ env, now: at }));
    expect(operator).toContainEqual(expect.stringMatching(new RegExp(`^  ${server.feedUrl(feeds.heise)}  ok  `)));
    expect(operator).toContainEqual(expect.stringMatching(new RegExp(`^  ${server.url}/gone.xml  FAILING  `)));
    const fetched = outcomes.map(formatOutcome);
    // And the public page names no feed at all.
    const publicStatus = JSON.stringify(await getSourceStatus({ env, now: at }));
    for (const shown of [lines.join('\n'), operator.join('\n'), fetched.join('\n'), publicStatus]) {
      expect(shown).not.toContain('hunter22');
      expect(shown).not.toContain('s3cret-token');
      expect(shown).not.toContain('reader');
    }
    expect(publicStatus).not.toContain('gone.xml');
  });
});

describe('the fetch_news_feeds task', () => {
  test('runs only while news is live', () => {
    expect(newsIsLive({})).toBe(false);
    expect(newsIsLive({ DATA_SOURCE: 'live' })).toBe(true);
    expect(newsIsLive({ DATA_SOURCE: 'live', DATA_SOURCE_NEWS: 'sandbox' })).toBe(false);
    expect(newsIsLive({ DATA_SOURCE_NEWS: 'live' })).toBe(true);
  });

  test('reads nothing on a deployment where news is not live', async () => {
    const lines: string[] = [];
    const logger = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
    const before = process.env.DATA_SOURCE;
    // This test file's process has no DATA_SOURCE: the task returns before reading any feed.
    expect(before === undefined || before === 'sandbox').toBe(true);
    await fetchNewsFeedsTask({}, { logger } as unknown as Parameters<typeof fetchNewsFeedsTask>[1]);
    expect(lines).toEqual([]);
  });

  test('sums a run up in one line', () => {
    expect(
      summarizeOutcomes([
        { url: 'a', result: 'stored', articles: 20, inserted: 9, updated: 1 },
        { url: 'b', result: 'stored', articles: 5, inserted: 2, updated: 0 },
        { url: 'c', result: 'not-modified' },
        { url: 'd', result: 'failed', error: 'answered 503', httpStatus: 503 },
        { url: 'e', result: 'waiting', until: new Date(0) },
      ]),
    ).toBe(
      'news feeds: 5 listed, 2 read in full (11 new articles, 1 updated), 1 unchanged (304), 1 failed, 1 waiting for their Retry-After',
    );
  });
});
