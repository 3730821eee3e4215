// LIVE_NEWS_FEEDS: comma-separated URLs or a file, relative entries against LIVE_NEWS_URL, the
// default list, and the entries refused with a message naming them.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { feedAddress, readNewsFeeds } from '../feeds';

describe('the listed news feeds', () => {
  test('are the default public feeds when LIVE_NEWS_FEEDS is unset or blank', () => {
    // Written out, not imported (DEFAULT_NEWS_FEEDS), so that a change of the list fails here and
    // is seen in review.
    const defaults = [
      'https://feeds.bbci.co.uk/news/world/rss.xml',
      'https://www.theguardian.com/world/rss',
      'https://feeds.npr.org/1004/rss.xml',
      'https://www.aljazeera.com/xml/rss/all.xml',
      'https://www.heise.de/rss/heise-atom.xml',
    ];
    expect(readNewsFeeds({})).toEqual(defaults);
    expect(readNewsFeeds({ LIVE_NEWS_FEEDS: '  ' })).toEqual(defaults);
  });

  test('are shown and logged by scheme, host and path only', () => {
    expect(feedAddress('https://user:pass@feeds.example.com:8443/world/feed.xml?token=abc#top')).toBe(
      'https://feeds.example.com:8443/world/feed.xml',
    );
    expect(feedAddress('http://feeds.example.com/rss')).toBe('http://feeds.example.com/rss');
  });

  test('read comma-separated URLs in order, each once, without fragments', () => {
    expect(
      readNewsFeeds({ LIVE_NEWS_FEEDS: 'https://a.test/rss, http://b.test/feed.atom#top,https://a.test/rss' }),
    ).toEqual(['https://a.test/rss', 'http://b.test/feed.atom']);
  });

  test('read a file of one URL a line, with blank lines and # comments', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'news-feeds-')), 'feeds.txt');
    writeFileSync(file, '# world news\nhttps://a.test/world.xml\n\nhttps://b.test/rss  # German\n');
    expect(readNewsFeeds({ LIVE_NEWS_FEEDS: file })).toEqual(['https://a.test/world.xml', 'https://b.test/rss']);
  });

  test('resolve entries without a scheme against LIVE_NEWS_URL', () => {
    expect(
      readNewsFeeds({ LIVE_NEWS_FEEDS: 'guardian.rss,/feeds/heise.atom', LIVE_NEWS_URL: 'http://127.0.0.1:4600' }),
    ).toEqual(['http://127.0.0.1:4600/guardian.rss', 'http://127.0.0.1:4600/feeds/heise.atom']);
  });

  test.each([
    [
      { LIVE_NEWS_FEEDS: 'guardian.rss,heise.atom' },
      "LIVE_NEWS_FEEDS entry 'guardian.rss' is not a URL (nor, given alone, a file that exists); a relative entry needs LIVE_NEWS_URL",
    ],
    [{ LIVE_NEWS_FEEDS: '/no/such/file.txt' }, "LIVE_NEWS_FEEDS entry '/no/such/file.txt' is not a URL"],
    [
      { LIVE_NEWS_FEEDS: 'mailto:news@example.test,https://a.test/rss' },
      "LIVE_NEWS_FEEDS entry 'mailto:news@example.test' must be an http or https URL",
    ],
    [{ LIVE_NEWS_FEEDS: ',,' }, 'LIVE_NEWS_FEEDS lists no feed'],
  ])('refuse %j naming the entry', (env, message) => {
    expect(() => readNewsFeeds(env)).toThrow(message);
  });
});
