// The feeds the live news family reads. LIVE_NEWS_FEEDS is either comma-separated URLs or the
// path of a file with one URL a line (blank lines and # comments allowed); unset, the default list
// below. An entry without a scheme (world.xml, /feeds/world.xml) is resolved against LIVE_NEWS_URL,
// a mirror or the replay server of the tests; the news family has no other use for that setting.
import { existsSync, readFileSync } from 'node:fs';
import type { EnvRecord } from '@/lib/env';

/**
 * Public world-news feeds, RSS 2.0 and Atom, each offered by its outlet for feed readers. Check
 * each outlet's terms before serving its articles to customers, and list your own with LIVE_NEWS_FEEDS.
 */
export const DEFAULT_NEWS_FEEDS: readonly string[] = [
  'https://feeds.bbci.co.uk/news/world/rss.xml',
  'https://www.theguardian.com/world/rss',
  'https://feeds.npr.org/1004/rss.xml',
  'https://www.aljazeera.com/xml/rss/all.xml',
  'https://www.heise.de/rss/heise-atom.xml',
];

class NewsFeedsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewsFeedsError';
  }
}

const present = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function entriesOf(setting: string): string[] {
  const looksLikeList = setting.includes(',') || /^https?:\/\//i.test(setting);
  if (!looksLikeList && existsSync(setting)) {
    return readFileSync(setting, 'utf8')
      .split(/\r?\n/)
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean);
  }
  return setting
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function absolute(entry: string, base: string | undefined): string {
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(entry);
  if (!hasScheme && !base) {
    throw new NewsFeedsError(
      `LIVE_NEWS_FEEDS entry '${entry}' is not a URL (nor, given alone, a file that exists); a relative entry needs LIVE_NEWS_URL`,
    );
  }
  let url: URL;
  try {
    url = hasScheme ? new URL(entry) : new URL(entry, base!.endsWith('/') ? base : `${base}/`);
  } catch {
    throw new NewsFeedsError(`LIVE_NEWS_FEEDS entry '${entry}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new NewsFeedsError(`LIVE_NEWS_FEEDS entry '${entry}' must be an http or https URL`);
  url.hash = '';
  return url.toString();
}

/**
 * A feed as it may be shown or logged: scheme, host and path only. A feed URL can carry
 * credentials (https://user:pass@host/feed.xml?token=…), which stay in the setting and the
 * requests; every line, page and command output names the feed by this.
 */
export function feedAddress(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** The feed URLs, absolute, each once, in the operator's order (which also decides a duplicate's copy). */
export function readNewsFeeds(env: EnvRecord): string[] {
  const setting = present(env.LIVE_NEWS_FEEDS);
  const entries = setting === undefined ? DEFAULT_NEWS_FEEDS : entriesOf(setting);
  const feeds = [...new Set(entries.map((entry) => absolute(entry, present(env.LIVE_NEWS_URL))))];
  if (feeds.length === 0) throw new NewsFeedsError('LIVE_NEWS_FEEDS lists no feed');
  return feeds;
}
