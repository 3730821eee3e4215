// The news live adapter: articles from the RSS and Atom feeds the operator lists (LIVE_NEWS_FEEDS,
// feeds.ts). The news ingest (lib/ingest/news, the worker's fetch_news_feeds task) reads the feeds
// every few minutes into PostgreSQL; GET /v1/news/articles reads the tables (search.ts) and never
// waits on a feed.
import { ProviderError } from '../../../registry/types';
import type { LiveAdapter } from '../types';
import { DEFAULT_NEWS_FEEDS, readNewsFeeds } from './feeds';
import { anyFeedRead, searchNewsArticles } from './search';

export const newsAdapter: LiveAdapter<'/v1/news/articles'> = {
  family: 'news',
  // News has no one platform: the feeds carry their own addresses. LIVE_NEWS_URL, when set, is
  // the base of relative LIVE_NEWS_FEEDS entries; this default is never requested as such.
  defaultBaseUrl: DEFAULT_NEWS_FEEDS[0]!,
  // Each article names its own outlet and host (the feed's title, the link's host): lib/ingest/news/map.ts.
  site: 'per-record',
  // The job's requests: one per feed per run, at most 4 at once; a long list is spread over the
  // minutes between runs rather than fired at once.
  politeness: { requestsPerMinute: 60, burst: 10, concurrency: 4 },
  paths: ['/v1/news/articles'],
  probe: { path: '/v1/news/articles', query: { query: 'news', limit: '1' } },
  createHandlers({ env, log, sql }) {
    let feeds: string[] | null = null;
    try {
      feeds = readNewsFeeds(env);
    } catch (error) {
      log(`live news: ${error instanceof Error ? error.message : String(error)} (every call answers upstream_error)`);
    }
    return {
      async '/v1/news/articles'({ query, limit }) {
        if (!feeds)
          throw new ProviderError('upstream_error', 'The news source of this service is not configured correctly');
        const articles = await searchNewsArticles(sql, { feeds, query, limit });
        // Nothing found before any feed was read is no answer at all (a new deployment, a worker not running).
        if (articles.length === 0 && !(await anyFeedRead(sql, feeds))) {
          log(
            'live news: no listed feed has been read yet: the worker runs fetch_news_feeds every 10 minutes, `npm run console -- fetch-news` at once (upstream_error)',
          );
          throw new ProviderError('upstream_error', 'No news feed has been read yet; retry in a few minutes');
        }
        return { body: { articles, limit, count: articles.length }, pagesReturned: 1 };
      },
    };
  },
};
