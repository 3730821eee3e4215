// The news recordings (data/live/news/, sources and licences in NOTICE): real feeds' XML from
// open-source feed parsers' test fixtures, each served on its own path. `newsRoutes` is the
// framework's replay table (scripts/live-replay.ts serves it for trying the app by hand); the
// tests serve the same files from lib/ingest/news/__tests__/feed-server.ts, which adds ETag and
// Last-Modified and answers conditional requests 304.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';

const NEWS_DIR = 'data/live/news';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** The recordings by what the tests use them for. */
export const feeds = {
  /** The Guardian US edition, RSS 2.0, 2018-01-31: 55 items, media:content images, dc:creator. */
  guardian: 'guardian.rss',
  /** heise developer, Atom, German, 2016-02-01: the feed's author for every entry, no xml:lang. */
  heise: 'heise.atom',
  /** Jornal de Noticias, RSS 2.0 in ISO-8859-1 through FeedBurner (feedburner:origLink), 2018-01-03. */
  jn: 'encoding.rss',
  /** Talking Points Memo, Atom with relative links, 2017-11-08. */
  tpm: 'tpm.atom',
  /** Livemint, RSS 2.0 with no language and non-standard image elements, 2019-05-29. */
  livemint: 'livemint.xml',
  /** The RSS 2.0 specification's sample (Liftoff News): an item with no title and no link but a permalink guid. */
  liftoff: 'rss2sample.xml',
  /** Sam Ruby's blog feed captured in July 2012 (node-feedparser) ... */
  samRuby2012: 'intertwingly.atom',
  /** ... and in February 2013 (feedjira): the entries of 2012-03-28 to 2012-07-16 are in both. */
  samRuby2013: 'SamRuby.xml',
  /** Science's "This Week in Science", RSS 1.0 (rdf:RDF), 2017-06-15: Dublin Core creator and dates, empty descriptions. */
  science: 'rss-1.rss',
  /** An item with an unescaped & in its link: not well-formed XML. */
  malformed: 'saxerror.xml',
  /** MarketWatch's "Document Moved" HTML page, served where a feed was. */
  notAFeed: 'unrecognized.rss',
} as const;

export type FeedName = keyof typeof feeds;

export function contentTypeOf(file: string): string {
  if (file === feeds.notAFeed) return 'text/html';
  if (file.endsWith('.rss')) return 'application/rss+xml';
  if (file.endsWith('.atom')) return 'application/atom+xml';
  return 'application/xml';
}

/** A recording's bytes. */
export function recording(file: string): Buffer {
  return readFileSync(path.resolve(repositoryRoot, NEWS_DIR, file));
}

/** @public read by name by scripts/live-replay.ts */
export const newsRoutes: ReplayRoute[] = Object.values(feeds).map((file) => ({
  path: `/${file}`,
  file: `${NEWS_DIR}/${file}`,
  headers: { 'content-type': contentTypeOf(file) },
}));

/** What scripts/live-replay.ts adds to LIVE_NEWS_URL: the readable feeds, relative to it. */
/** @public read by name by scripts/live-replay.ts */
export const newsReplayEnv = {
  LIVE_NEWS_FEEDS: [
    feeds.guardian,
    feeds.heise,
    feeds.jn,
    feeds.tpm,
    feeds.livemint,
    feeds.samRuby2013,
    feeds.samRuby2012,
  ].join(','),
};
