// Feed items -> news articles as the store keeps them (the API's record, lib/api/registry/news.ts,
// is made from the stored row by lib/api/providers/live/news/search.ts). Pure: the feed's parsed
// tree in (parse.ts), articles out; the table of which element gives which field is in
// docs/data-sources.md ("news"). No value is invented: where a feed has none the field is empty,
// except the ones the registry fills otherwise (snippet falls back to the title; an undated item
// is dated when this deployment first saw it, by the store).
import { convert, type HtmlToTextOptions } from 'html-to-text';
import type { StoredArticleText } from '@/lib/api/providers/live/news/search';
import { attrOf, nodes, parseFeedDocument, textOf, type FeedDocument, type XmlNode } from './parse';

/** An article as the store keeps it: the stored text, the date as an instant. */
export interface FeedArticle extends StoredArticleText {
  /** The item's own date; null when it has none that reads as a date. */
  publishedAt: Date | null;
}

export interface ParsedFeed {
  format: FeedDocument['format'];
  /** The feed's title: its articles' source unless an item names its own. */
  title: string;
  articles: FeedArticle[];
}

const htmlOptions: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** HTML (or text that may hold entities and tags, as RSS titles do) as one line of plain text. */
function plainText(html: string): string {
  return html ? oneLine(convert(html, htmlOptions)) : '';
}

/** An Atom text construct: type text is already plain; html and xhtml are markup. */
function atomText(value: unknown): string {
  const node = nodes(value)[0];
  const type = attrOf(node, 'type');
  return type === 'html' || type === 'xhtml' ? plainText(textOf(value)) : oneLine(textOf(value));
}

const SNIPPET_LENGTH = 1000;

/** A lead cut at a word boundary (a feed may carry the whole article). */
function leadOf(text: string): string {
  const chars = Array.from(text); // code points: an emoji is never cut in half
  if (chars.length <= SNIPPET_LENGTH) return text;
  const cut = chars.slice(0, SNIPPET_LENGTH - 3).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > SNIPPET_LENGTH / 2 ? cut.slice(0, space) : cut}...`;
}

/** An absolute http(s) address, resolved against `base`; '' for anything else. */
function httpUrl(value: string, base: string): string {
  const trimmed = value.trim();
  if (!trimmed) return '';
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/** The host of an article's address without a leading www. (the publisher, as the sandbox gives it). */
function domainOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** ISO 639-1 from a feed's language tag ("en-gb", "pt-PT", "de"); '' when it gives none. */
export function languageOf(tag: string): string {
  const code = /^([a-z]{2})(?:[-_][a-z0-9]+)*$/i.exec(tag.trim())?.[1];
  return code ? code.toLowerCase() : '';
}

/**
 * A feed date: RFC 822 (RSS: "Wed, 31 Jan 2018 07:26:05 GMT") or ISO 8601 (Atom, dc:date). A date
 * without a zone is read as UTC, never as this machine's zone; null when it does not read.
 */
export function parseFeedDate(value: string): Date | null {
  let text = value.trim();
  if (!text) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    text = text.replace(' ', 'T');
    if (/T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) text += 'Z';
  } else if (!/(?:\b(?:GMT|UTC|UT|Z|[ECMP][SD]T)|[+-]\d{4})$/i.test(text)) {
    text += ' GMT';
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** "writer@example.com (Writer)" -> "Writer"; any other author text as it is. */
function rssAuthor(text: string): string {
  const named = /^\S+@\S+\s*\((.+)\)$/.exec(text);
  return oneLine(named ? named[1]! : text);
}

const joined = (values: string[]) => [...new Set(values.filter(Boolean))].join(', ');

/** The largest image of Media RSS elements (media:content, media:thumbnail, inside media:group too). */
function mediaImage(item: XmlNode, base: string): string {
  const groups = nodes(item['media:group']);
  const candidates = [item, ...groups].flatMap((holder) => [
    ...nodes(holder['media:content']).filter((media) => {
      const medium = attrOf(media, 'medium');
      const type = attrOf(media, 'type');
      return medium ? medium === 'image' : !type || type.startsWith('image/');
    }),
    ...nodes(holder['media:thumbnail']),
  ]);
  let best = { url: '', width: -1 };
  for (const media of candidates) {
    const url = httpUrl(attrOf(media, 'url'), base);
    const width = Number(attrOf(media, 'width')) || 0;
    if (url && width > best.width) best = { url, width };
  }
  return best.url;
}

function rssImage(item: XmlNode, base: string): string {
  const media = mediaImage(item, base);
  if (media) return media;
  const enclosure = nodes(item.enclosure).find((e) => attrOf(e, 'type').startsWith('image/'));
  return enclosure ? httpUrl(attrOf(enclosure, 'url'), base) : '';
}

/** RSS 2.0 / 0.9x items, and RSS 1.0's (the same elements where they share them). */
function rssArticles(channel: XmlNode, items: XmlNode[], feedUrl: string): ParsedFeed {
  const title = plainText(textOf(channel.title));
  const base = httpUrl(textOf(channel.link), feedUrl) || feedUrl;
  const channelLanguage = languageOf(textOf(channel.language) || textOf(channel['dc:language']));
  const articles: FeedArticle[] = [];
  for (const item of items) {
    const guid = nodes(item.guid)[0];
    const permalink = guid && attrOf(guid, 'isPermaLink').toLowerCase() !== 'false' ? textOf(guid) : '';
    const url =
      httpUrl(textOf(item['feedburner:origLink']), base) ||
      httpUrl(textOf(item.link), base) ||
      // A guid or rdf:about is an address only when it is an absolute one.
      (/^https?:\/\//i.test(permalink) ? httpUrl(permalink, base) : '') ||
      (/^https?:\/\//i.test(attrOf(item, 'rdf:about')) ? httpUrl(attrOf(item, 'rdf:about'), base) : '');
    if (!url) continue;
    const itemTitle = plainText(textOf(item.title));
    const lead = plainText(textOf(item.description)) || plainText(textOf(item['content:encoded']));
    const creators = nodes(item['dc:creator']).map((c) => oneLine(textOf(c)));
    const authors = nodes(item.author).map((a) => rssAuthor(textOf(a)));
    articles.push({
      url,
      title: itemTitle,
      source: plainText(textOf(item.source)) || title,
      domain: domainOf(url),
      snippet: leadOf(lead) || itemTitle,
      author: joined(creators) || joined(authors),
      imageUrl: rssImage(item, base),
      language: languageOf(textOf(item['dc:language'])) || channelLanguage,
      publishedAt: parseFeedDate(textOf(item.pubDate)) ?? parseFeedDate(textOf(item['dc:date'])),
    });
  }
  return { format: 'rss', title, articles };
}

/** The base an Atom element's relative addresses resolve against: xml:base, else the parent's. */
function atomBase(node: XmlNode, parentBase: string): string {
  const declared = attrOf(node, 'xml:base');
  return (declared && httpUrl(declared, parentBase)) || parentBase;
}

function atomLink(entry: XmlNode, base: string): string {
  const links = nodes(entry.link);
  const alternates = links.filter((link) => ['', 'alternate'].includes(attrOf(link, 'rel')));
  const html =
    alternates.find((link) => ['', 'text/html', 'application/xhtml+xml'].includes(attrOf(link, 'type'))) ??
    alternates[0];
  return httpUrl(textOf(entry['feedburner:origLink']), base) || (html ? httpUrl(attrOf(html, 'href'), base) : '');
}

const atomNames = (holder: XmlNode | undefined) => joined(nodes(holder?.author).map((a) => oneLine(textOf(a.name))));

function atomArticles(feed: XmlNode, entries: XmlNode[], feedUrl: string): ParsedFeed {
  const self = nodes(feed.link).find((link) => attrOf(link, 'rel') === 'self');
  // Relative links are relative to the document; its own address (rel=self) names it wherever it
  // was fetched from (a mirror, the tests' replay server).
  const feedBase = atomBase(feed, (self && httpUrl(attrOf(self, 'href'), feedUrl)) || feedUrl);
  const title = atomText(feed.title);
  const feedLanguage = languageOf(attrOf(feed, 'xml:lang'));
  const articles: FeedArticle[] = [];
  for (const entry of entries) {
    const base = atomBase(entry, feedBase);
    const url = atomLink(entry, base);
    if (!url) continue;
    const entryTitle = atomText(entry.title);
    const source = nodes(entry.source)[0];
    const body = nodes(entry.content)[0] ?? nodes(entry.summary)[0];
    const enclosure = nodes(entry.link).find(
      (link) => attrOf(link, 'rel') === 'enclosure' && attrOf(link, 'type').startsWith('image/'),
    );
    articles.push({
      url,
      title: entryTitle,
      source: (source && atomText(source.title)) || title,
      domain: domainOf(url),
      snippet: leadOf(atomText(entry.summary) || atomText(entry.content)) || entryTitle,
      // An entry without an author has its feed's (RFC 4287, 4.2.1).
      author: atomNames(entry) || atomNames(source) || atomNames(feed),
      imageUrl: mediaImage(entry, base) || (enclosure ? httpUrl(attrOf(enclosure, 'href'), base) : ''),
      language: languageOf(attrOf(entry, 'xml:lang')) || feedLanguage || languageOf(attrOf(body, 'xml:lang')),
      publishedAt: parseFeedDate(textOf(entry.published)) ?? parseFeedDate(textOf(entry.updated)),
    });
  }
  return { format: 'atom', title, articles };
}

/** A feed's text -> its title and articles, in the feed's order; throws FeedFormatError. */
export function parseFeed(text: string, feedUrl: string): ParsedFeed {
  const document = parseFeedDocument(text);
  if (document.format === 'atom') return atomArticles(document.feed, document.items, feedUrl);
  const parsed = rssArticles(document.channel, document.items, feedUrl);
  return { ...parsed, format: document.format };
}
