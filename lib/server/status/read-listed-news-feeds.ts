import 'server-only';

import { readNewsFeeds } from '@/lib/api/providers/live/news/feeds';
import { readNewsFeedStatus, type NewsFeedStatus } from '@/lib/api/providers/live/news/status';

/** The listed news feeds' states; none when LIVE_NEWS_FEEDS cannot be read (its calls say why). */
export async function readListedNewsFeeds(
  env: Readonly<Record<string, string | undefined>>,
): Promise<NewsFeedStatus[]> {
  let feeds: string[];
  try {
    feeds = readNewsFeeds(env);
  } catch {
    return [];
  }
  return readNewsFeedStatus(feeds);
}
