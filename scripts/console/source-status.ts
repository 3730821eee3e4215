// source-status: what the public /status leaves out, for the operator: each live news feed by its
// address (scheme, host and path; never the credentials or query its URL may carry) with its last
// success, last error and the articles stored from it, and the units of a platform's daily quota
// used today. Reads the database only; check-sources calls the platforms, fetch-news reads the feeds.
import { isFeedFailing, type NewsFeedStatus } from '@/lib/ingest/news/feed-status';
import { getOperatorStatus, type OperatorFamilyStatus } from '@/lib/server/status/get-operator-status';

import { parseFlags } from './args';
import type { ConsoleCommand } from './command';

const at = (date: Date | null, fallback: string) => (date ? date.toISOString() : fallback);

function feedLine(feed: NewsFeedStatus): string {
  const state = isFeedFailing(feed) ? 'FAILING' : feed.lastSuccessAt ? 'ok' : 'not read yet';
  const success = feed.lastSuccessAt
    ? `last success ${at(feed.lastSuccessAt, '')} (${feed.articles} articles stored${feed.lastStatus === 304 ? ', unchanged since' : ''})`
    : `last success ${feed.lastFetchedAt ? 'never' : 'none yet'}`;
  const error = feed.lastError ? `; last error ${at(feed.lastErrorAt, '')}: ${feed.lastError}` : '';
  return `  ${feed.address}  ${state}  ${success}${error}`;
}

/** A line per family, then a line per news feed under news. */
export function formatOperatorStatus(families: readonly OperatorFamilyStatus[]): string[] {
  const width = Math.max(...families.map((f) => f.family.length));
  return families.flatMap((f) => {
    const quota = f.quotaToday
      ? `  quota used today (${f.quotaToday.day}, ${f.quotaToday.timeZone}): ${f.quotaToday.units} ${f.quotaToday.units === 1 ? 'unit' : 'units'}, resets ${f.quotaToday.resetsAt.toISOString()}`
      : '';
    const feeds = f.newsFeeds ? `  ${f.newsFeeds.length} ${f.newsFeeds.length === 1 ? 'feed' : 'feeds'}` : '';
    return [`${f.family.padEnd(width)}  ${f.source}${quota}${feeds}`, ...(f.newsFeeds ?? []).map(feedLine)];
  });
}

export const sourceStatusCommand: ConsoleCommand = {
  usage: 'source-status',
  description:
    "Each family's source, the live news feeds' last success and error, and the platforms' quota used today (what the public /status leaves out).",
  async run(args) {
    parseFlags(args, []);
    for (const line of formatOperatorStatus(await getOperatorStatus())) console.log(line);
  },
};
