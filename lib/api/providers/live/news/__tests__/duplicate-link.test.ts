// A link two listed feeds both carry is answered once, as the copy of the feed listed first in
// LIVE_NEWS_FEEDS (docs/data-sources.md, news). Through the real job and gateway: the feeds are
// read into the test database, then the same stored rows are asked for with the list in each order.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import type { NewsArticle } from '@/lib/api/registry/news';
import { startLiveApi } from '../../__tests__/support/live-api';
import { refreshNewsFeeds } from '@/lib/ingest/news/refresh-news-feeds';
import { startFeedServer, type FeedServer } from '@/lib/ingest/news/__tests__/support/feed-server';
import { contentTypeOf, feeds, recording } from './support/routes';

const PATH = '/v1/news/articles';
const LINK = 'https://www.theguardian.com/us-news/2018/jan/31/donald-trump-state-of-the-union-address-unity-discord';
const MIRROR = '/guardian-mirror.rss';

describe('a link in two news feeds', () => {
  let server: FeedServer;
  let guardian: string;
  let mirror: string;
  let account: TestAccount;

  beforeAll(async () => {
    server = await startFeedServer();
    // The two recorded Sam Ruby feeds share entries, but their copies are equal in every field, so
    // they cannot show which copy was kept. A mirror of the Guardian's recording whose channel is
    // titled "Guardian Mirror" (the only change) gives every item a copy with another source.
    const recorded = recording(feeds.guardian).toString('utf8');
    expect(recorded).toContain('<channel>\n    <title>The Guardian</title>');
    server.serve(
      MIRROR,
      recorded.replace('<channel>\n    <title>The Guardian</title>', '<channel>\n    <title>Guardian Mirror</title>'),
      contentTypeOf(feeds.guardian),
    );
    guardian = server.feedUrl(feeds.guardian);
    mirror = `${server.url}${MIRROR}`;
    const outcomes = await refreshNewsFeeds({ env: { LIVE_NEWS_FEEDS: `${guardian},${mirror}` }, log: () => {} });
    expect(outcomes.map((o) => o.result)).toEqual(['stored', 'stored']);
    account = await newAccountWithKey();
  });
  afterAll(() => server.close());

  /** The articles for the query with the feeds listed in this order. */
  async function articlesListing(order: string[]): Promise<NewsArticle[]> {
    const live = await startLiveApi({ DATA_SOURCE_NEWS: 'live', LIVE_NEWS_FEEDS: order.join(',') });
    try {
      const response = await live.api.get(PATH, { key: account.key, params: { query: 'thinly disguised contempt' } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { articles: NewsArticle[] }).articles;
    } finally {
      await live.close();
    }
  }

  test('is answered once, as the copy of the feed listed first, whichever that is', async () => {
    expect((await articlesListing([guardian, mirror])).map((a) => [a.url, a.source])).toEqual([[LINK, 'The Guardian']]);
    expect((await articlesListing([mirror, guardian])).map((a) => [a.url, a.source])).toEqual([
      [LINK, 'Guardian Mirror'],
    ]);
  });
});
