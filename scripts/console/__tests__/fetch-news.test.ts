// npm run console -- fetch-news: one run of the news job now, a line per feed, against the recorded
// feeds on the tests' feed server (lib/ingest/news/__tests__/feed-server.ts); then
// check-sources' call to news reads what it stored.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFeedServer, type FeedServer } from '@/lib/ingest/news/__tests__/support/feed-server';
import { feeds } from '@/lib/api/providers/live/news/__tests__/support/routes';
import { checkSources } from '../check-sources';
import { consoleArgs } from '@/lib/testing/console-command';

function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      consoleArgs(args),
      { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

// Tests that start the operator command line (a tsx process each time) take tens of seconds on a
// busy 2-core machine: 120 s each, as the other console command tests.
describe('fetch-news', { timeout: 120_000 }, () => {
  let server: FeedServer;

  beforeAll(async () => {
    server = await startFeedServer();
  });
  afterAll(() => server.close());

  test("reads each listed feed and prints a line per feed, then the run's summary; check-sources then finds news ok", async () => {
    const env = {
      DATA_SOURCE_NEWS: 'live',
      LIVE_NEWS_URL: server.url,
      LIVE_NEWS_FEEDS: `${feeds.heise},${feeds.malformed}`,
    };
    const { status, stdout, stderr } = await cli(env, 'fetch-news');
    expect(status).toBe(0);
    expect(stdout.trim().split('\n')).toEqual([
      `${server.feedUrl(feeds.heise)}  ok  15 items, 15 new, 0 changed`,
      `${server.feedUrl(feeds.malformed)}  FAILED  not well-formed XML: char '&' is not expected. (line 15)`,
      'news feeds: 2 listed, 1 read in full (15 new articles, 0 updated), 0 unchanged (304), 1 failed, 0 waiting for their Retry-After',
    ]);
    expect(stderr).toContain(`live news: ${server.feedUrl(feeds.malformed)}: not well-formed XML`);

    const again = await cli(env, 'fetch-news');
    expect(again.stdout).toContain(`${server.feedUrl(feeds.heise)}  ok  unchanged (304)`);

    const [news] = await checkSources({ env, family: 'news' });
    expect(news).toMatchObject({
      family: 'news',
      source: 'live',
      ok: true,
      detail: 'GET /v1/news/articles?query=news&limit=1',
    });
    // Two console processes, each starting tsx: longer than the default 30 s on a busy machine.
  }, 120_000);

  test('exits 1 when no feed could be read', async () => {
    const { status, stdout, stderr } = await cli(
      { DATA_SOURCE_NEWS: 'live', LIVE_NEWS_FEEDS: `${server.url}/nothing-here.xml` },
      'fetch-news',
    );
    expect(status).toBe(1);
    expect(stdout).toContain(`${server.url}/nothing-here.xml  FAILED  answered 404`);
    expect(stderr).toContain('no feed could be read');
  }, 60_000);

  test('says when news is not live here', async () => {
    const { stdout } = await cli(
      { DATA_SOURCE_NEWS: 'sandbox', LIVE_NEWS_FEEDS: server.feedUrl(feeds.liftoff) },
      'fetch-news',
    );
    expect(stdout).toContain('Note: news is not live here');
  }, 60_000);
});
