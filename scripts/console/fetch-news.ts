// fetch-news: one run of the worker's fetch_news_feeds job now (a new deployment, `npm run dev`,
// which runs no worker, or a feed just added): a line per feed, then the job's summary. Exit 1
// when every feed failed.
import { feedAddress } from '@/lib/api/providers/live/news/feeds';
import { envRecord } from '@/lib/env';
import {
  newsIsLive,
  refreshNewsFeeds,
  summarizeOutcomes,
  type FeedOutcome,
} from '@/lib/ingest/news/refresh-news-feeds';

import { parseFlags } from './args';
import type { ConsoleCommand } from './command';

/** A line per feed, naming it by its address (a feed URL may carry credentials). */
export function formatOutcome(outcome: FeedOutcome): string {
  const feed = feedAddress(outcome.url);
  switch (outcome.result) {
    case 'stored':
      return `${feed}  ok  ${outcome.articles} items, ${outcome.inserted} new, ${outcome.updated} changed`;
    case 'not-modified':
      return `${feed}  ok  unchanged (304)`;
    case 'waiting':
      return `${feed}  waiting  asked not to be read before ${outcome.until.toISOString()}`;
    case 'failed':
      return `${feed}  FAILED  ${outcome.error}`;
  }
}

export const fetchNewsCommand: ConsoleCommand = {
  usage: 'fetch-news',
  description:
    'Read the live news feeds (LIVE_NEWS_FEEDS) into the database now, as the worker does every 10 minutes; a line per feed.',
  async run(args) {
    parseFlags(args, []);
    if (!newsIsLive(envRecord()))
      console.log(
        'Note: news is not live here (DATA_SOURCE=live or DATA_SOURCE_NEWS=live), so the API does not serve these articles yet.',
      );
    const outcomes = await refreshNewsFeeds({ env: envRecord(), log: (line) => console.error(line) });
    for (const outcome of outcomes) console.log(formatOutcome(outcome));
    console.log(summarizeOutcomes(outcomes));
    if (outcomes.every((o) => o.result === 'failed')) throw new Error('no feed could be read');
  },
};
