// What the news ingest left in the database, for the two readers of its state: the operator
// (`npm run console -- source-status`: each listed feed's last success and its last error, each
// with its time, and the articles stored from it; a feed is failing when its last error is the
// newer) and the public /status (how many feeds are listed and fail, the newest success; no feed
// named, since a feed URL can carry credentials).
import { db } from '@/lib/db';
import type { EnvRecord } from '@/lib/env';
import { feedAddress, readNewsFeeds } from '@/lib/api/providers/live/news/feeds';

export interface NewsFeedStatus {
  /** Scheme, host and path: never the URL's credentials or query (feedAddress). */
  address: string;
  /** The feed's own title; '' until it is first read. */
  title: string;
  lastFetchedAt: Date | null;
  lastSuccessAt: Date | null;
  /** The last failure's message and time; null when it never failed. */
  lastError: string | null;
  lastErrorAt: Date | null;
  /** HTTP status of the last fetch (304 when unchanged); null before the first or without an answer. */
  lastStatus: number | null;
  articles: number;
}

/** The feeds in the operator's order; a feed never fetched yet has empty fields. */
async function readNewsFeedStatus(feeds: readonly string[]): Promise<NewsFeedStatus[]> {
  const [rows, counts] = await Promise.all([
    db.newsFeed.findMany({ where: { url: { in: [...feeds] } } }),
    db.newsArticle.groupBy({ by: ['feedUrl'], where: { feedUrl: { in: [...feeds] } }, _count: { _all: true } }),
  ]);
  const byUrl = new Map(rows.map((row) => [row.url, row]));
  const countOf = new Map(counts.map((c) => [c.feedUrl, c._count._all]));
  return feeds.map((url) => {
    const row = byUrl.get(url);
    return {
      address: feedAddress(url),
      title: row?.title ?? '',
      lastFetchedAt: row?.lastFetchedAt ?? null,
      lastSuccessAt: row?.lastSuccessAt ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt ?? null,
      lastStatus: row?.lastStatus ?? null,
      articles: countOf.get(url) ?? 0,
    };
  });
}

/** The listed news feeds' states; none when LIVE_NEWS_FEEDS cannot be read (its calls say why). */
export async function readListedNewsFeeds(env: EnvRecord): Promise<NewsFeedStatus[]> {
  let feeds: string[];
  try {
    feeds = readNewsFeeds(env);
  } catch {
    return [];
  }
  return readNewsFeedStatus(feeds);
}

/** A feed fails when its last error is newer than its last success (or it never succeeded). */
export function isFeedFailing(feed: NewsFeedStatus): boolean {
  return feed.lastErrorAt !== null && (feed.lastSuccessAt === null || feed.lastErrorAt > feed.lastSuccessAt);
}

/** What the public /status says of the feeds: how many, how many fail, the newest success. */
export interface NewsFeedSummary {
  listed: number;
  failing: number;
  lastSuccessAt: Date | null;
}

/** The public /status's one read of the ingest: the listed feeds summed up, none named. */
export async function readNewsFeedSummary(env: EnvRecord): Promise<NewsFeedSummary> {
  const feeds = await readListedNewsFeeds(env);
  const successes = feeds.flatMap((f) => (f.lastSuccessAt ? [f.lastSuccessAt.getTime()] : []));
  return {
    listed: feeds.length,
    failing: feeds.filter(isFeedFailing).length,
    lastSuccessAt: successes.length ? new Date(Math.max(...successes)) : null,
  };
}
