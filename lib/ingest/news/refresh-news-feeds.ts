// One run of the news ingest (the worker's fetch_news_feeds task, and `npm run console -- fetch-news`):
// every listed feed asked once, conditionally (its stored ETag and Last-Modified), its new and
// changed articles stored; a 304 keeps what is stored. A feed that fails (an error status, no
// answer, not a feed, malformed XML) is recorded on its row for /status and the others go on.
import { z } from 'zod';
import type { EnvRecord } from '@/lib/env';
import { politenessFor, readLiveSettings } from '@/lib/api/providers/live';
import { newsAdapter } from '@/lib/api/providers/live/news';
import { feedAddress, readNewsFeeds } from '@/lib/api/providers/live/news/feeds';
import { LocalPoliteness } from '@/lib/api/providers/live/politeness';
import { resolveSources } from '@/lib/api/providers/sources';
import { FeedClient, FeedFetchError } from './fetch-feed';
import { parseFeed } from './map';
import { decodeFeed, FeedFormatError } from './parse';
import {
  feedStates,
  pruneNewsArticles,
  recordFeedFailure,
  recordNotModified,
  storeFeedArticles,
  type FeedState,
} from './store';

export type FeedOutcome =
  | { url: string; result: 'stored'; articles: number; inserted: number; updated: number }
  | { url: string; result: 'not-modified' }
  | { url: string; result: 'failed'; error: string; httpStatus: number | null }
  | { url: string; result: 'waiting'; until: Date };

export interface RefreshOptions {
  env: EnvRecord;
  log(message: string): void;
  /** The clock (tests). */
  now?: () => Date;
}

const retentionDays = z.coerce.number().int().min(1).default(30);

/** Whether the API serves news from the stored feeds; otherwise (the sandbox, an upstream) there is nothing to read. */
export function newsIsLive(env: EnvRecord): boolean {
  return resolveSources(env).news.source === 'live';
}

/** One line per run: how many feeds were read in full, unchanged, failed or waiting. */
export function summarizeOutcomes(outcomes: readonly FeedOutcome[]): string {
  const count = (result: FeedOutcome['result']) => outcomes.filter((o) => o.result === result).length;
  const sum = (field: 'inserted' | 'updated') =>
    outcomes.reduce((total, o) => total + (o.result === 'stored' ? o[field] : 0), 0);
  return `news feeds: ${outcomes.length} listed, ${count('stored')} read in full (${sum('inserted')} new articles, ${sum('updated')} updated), ${count('not-modified')} unchanged (304), ${count('failed')} failed, ${count('waiting')} waiting for their Retry-After`;
}

/** Reads every listed feed once; the outcomes in the feeds' order. */
export async function refreshNewsFeeds(options: RefreshOptions): Promise<FeedOutcome[]> {
  const now = options.now ?? (() => new Date());
  const feeds = readNewsFeeds(options.env);
  const retention = retentionDays.safeParse(options.env.LIVE_NEWS_RETENTION_DAYS || undefined);
  if (!retention.success)
    throw new Error(
      `LIVE_NEWS_RETENTION_DAYS must be a whole number of days, at least 1, not '${options.env.LIVE_NEWS_RETENTION_DAYS}'`,
    );
  const settings = readLiveSettings(options.env);
  const limits = politenessFor(newsAdapter, options.env);
  // The job may wait its turn as long as it likes: no customer is waiting on it.
  const politeness = new LocalPoliteness({ family: 'news', limits, maxWaitMs: 15 * 60_000 });
  const client = new FeedClient({
    userAgent: settings.LIVE_USER_AGENT,
    timeoutMs: settings.UPSTREAM_TIMEOUT_MS,
    politeness,
    connections: limits.concurrency,
  });
  try {
    const states = await feedStates(feeds);
    const outcomes: FeedOutcome[] = new Array(feeds.length);
    let next = 0;
    const worker = async () => {
      while (next < feeds.length) {
        const index = next++;
        const url = feeds[index]!;
        outcomes[index] = await refreshFeed(
          client,
          states.get(url) ?? { url, etag: null, lastModified: null, retryAfter: null },
          now,
          options.log,
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(limits.concurrency, feeds.length) }, worker));
    const pruned = await pruneNewsArticles(new Date(now().getTime() - retention.data * 86_400_000));
    if (pruned > 0) options.log(`live news: pruned ${pruned} articles first seen over ${retention.data} days ago`);
    return outcomes;
  } finally {
    await client.close();
  }
}

async function refreshFeed(
  client: FeedClient,
  state: FeedState,
  now: () => Date,
  log: (message: string) => void,
): Promise<FeedOutcome> {
  const { url } = state;
  if (state.retryAfter && state.retryAfter > now()) return { url, result: 'waiting', until: state.retryAfter };
  try {
    const response = await client.fetch(url, state);
    if (response.status === 'not-modified') {
      await recordNotModified(url, now());
      return { url, result: 'not-modified' };
    }
    const parsed = parseFeed(decodeFeed(response.bytes, response.contentType), url);
    const counts = await storeFeedArticles(
      url,
      { title: parsed.title, articles: parsed.articles, validators: response.validators, httpStatus: 200 },
      now(),
    );
    return { url, result: 'stored', articles: parsed.articles.length, ...counts };
  } catch (error) {
    const known = error instanceof FeedFetchError || error instanceof FeedFormatError;
    const message = known ? error.message : 'failed unexpectedly (see the worker log)';
    const httpStatus =
      error instanceof FeedFetchError ? error.httpStatus : error instanceof FeedFormatError ? 200 : null;
    const retryAfter =
      error instanceof FeedFetchError && error.retryAfterSeconds !== undefined
        ? new Date(now().getTime() + error.retryAfterSeconds * 1000)
        : null;
    // The feed by its address only: its URL may carry credentials (feedAddress).
    const feed = feedAddress(url);
    log(
      `live news: ${feed}: ${known ? message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    await recordFeedFailure(url, { message, httpStatus, retryAfter }, now()).catch((recordError: unknown) => {
      log(
        `live news: ${feed}: the failure could not be recorded: ${recordError instanceof Error ? recordError.message : String(recordError)}`,
      );
    });
    return { url, result: 'failed', error: message, httpStatus };
  }
}
