// Every 10 minutes: reads the live news family's feeds into PostgreSQL (conditional requests, so an
// unchanged feed costs a 304), which GET /v1/news/articles then reads; does nothing while news is
// not live (the sandbox or an upstream serves it). lib/ingest/news/refresh-news-feeds.ts.
import type { Task, WorkerUtils } from 'graphile-worker';

import { resolveSources } from '@/lib/api/providers/sources';
import { refreshNewsFeeds, type FeedOutcome } from '@/lib/ingest/news/refresh-news-feeds';

type EnvRecord = Readonly<Record<string, string | undefined>>;

export function newsIsLive(env: EnvRecord = process.env): boolean {
  return resolveSources(env).news.source === 'live';
}

/** One line per run: how many feeds were read in full, unchanged, failed or waiting. */
export function summarizeOutcomes(outcomes: readonly FeedOutcome[]): string {
  const count = (result: FeedOutcome['result']) => outcomes.filter((o) => o.result === result).length;
  const sum = (field: 'inserted' | 'updated') =>
    outcomes.reduce((total, o) => total + (o.result === 'stored' ? o[field] : 0), 0);
  return `news feeds: ${outcomes.length} listed, ${count('stored')} read in full (${sum('inserted')} new articles, ${sum('updated')} updated), ${count('not-modified')} unchanged (304), ${count('failed')} failed, ${count('waiting')} waiting for their Retry-After`;
}

export const fetchNewsFeedsTask: Task = async (_payload, helpers) => {
  if (!newsIsLive()) return;
  const outcomes = await refreshNewsFeeds({ env: process.env, log: (line) => helpers.logger.warn(line) });
  helpers.logger.info(summarizeOutcomes(outcomes));
};

/** A missed run needs no backfill: the next one reads the same feeds. */
export const fetchNewsFeedsCron = '*/10 * * * * fetch_news_feeds ?max=1&jobKey=fetch_news_feeds';

/** At the worker's start: the first read now, not at the next tenth minute (a new deployment has none). */
export async function queueNewsFetchAtStart(utils: Pick<WorkerUtils, 'addJob'>): Promise<void> {
  if (newsIsLive()) await utils.addJob('fetch_news_feeds', {}, { jobKey: 'fetch_news_feeds', maxAttempts: 1 });
}
