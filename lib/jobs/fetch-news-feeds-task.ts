// Every 10 minutes: the news ingest reads the live news family's feeds into PostgreSQL
// (conditional requests, so an unchanged feed costs a 304), which GET /v1/news/articles then
// reads; does nothing while news is not live (the sandbox or an upstream serves it).
// lib/ingest/news/refresh-news-feeds.ts.
import type { Task, WorkerUtils } from 'graphile-worker';

import { envRecord } from '@/lib/env';
import { newsIsLive, refreshNewsFeeds, summarizeOutcomes } from '@/lib/ingest/news/refresh-news-feeds';

export const fetchNewsFeedsTask: Task = async (_payload, helpers) => {
  const env = envRecord();
  if (!newsIsLive(env)) return;
  const outcomes = await refreshNewsFeeds({ env, log: (line) => helpers.logger.warn(line) });
  helpers.logger.info(summarizeOutcomes(outcomes));
};

/** A missed run needs no backfill: the next one reads the same feeds. */
export const fetchNewsFeedsCron = '*/10 * * * * fetch_news_feeds ?max=1&jobKey=fetch_news_feeds';

/** At the worker's start: the first read now, not at the next tenth minute (a new deployment has none). */
export async function queueNewsFetchAtStart(utils: Pick<WorkerUtils, 'addJob'>): Promise<void> {
  if (newsIsLive(envRecord()))
    await utils.addJob('fetch_news_feeds', {}, { jobKey: 'fetch_news_feeds', maxAttempts: 1 });
}
