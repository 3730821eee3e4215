// A feed document -> its parsed tree, for map.ts: the bytes decoded by their declared charset, the
// XML checked for well-formedness and parsed with fast-xml-parser, the format told from the root
// element (RSS 0.9x/2.0 <rss>, Atom <feed>, RSS 1.0 <rdf:RDF>). Pure: no I/O.
//
// The tree keeps namespace prefixes as written (dc:creator, media:content): feeds use the
// conventional prefixes, and dropping them would mix Atom's <link> into RSS's. An Atom text
// construct of type xhtml is kept as its markup (a stop node) so that map.ts reads it as HTML.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A document that is not a feed this service reads: its message goes to the feed's last error. */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

export type XmlNode = { readonly [name: string]: unknown };

export type FeedDocument =
  | { format: 'rss'; channel: XmlNode; items: XmlNode[] }
  | { format: 'atom'; feed: XmlNode; items: XmlNode[] }
  | { format: 'rdf'; channel: XmlNode; items: XmlNode[] };

// Elements that may repeat: always arrays, so that one and many read alike.
const repeated = new Set([
  'item',
  'entry',
  'link',
  'author',
  'contributor',
  'dc:creator',
  'category',
  'enclosure',
  'media:content',
  'media:thumbnail',
  'media:group',
  'atom:link',
  'atom10:link',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Every value stays text: a title "2019" is not a number.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // HTML's named entities (&nbsp; in a description) and numeric character references (&#8217;):
  // fast-xml-parser 5 decodes the latter only with this option.
  htmlEntities: true,
  stopNodes: ['..title[type=xhtml]', '..summary[type=xhtml]', '..content[type=xhtml]', '..subtitle[type=xhtml]'],
  isArray: (name) => repeated.has(name),
});

const charsetOfType = (contentType: string | undefined) => /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];

function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}

/**
 * The document's text: a byte-order mark first, then the XML declaration's encoding, then the
 * HTTP charset, else UTF-8. The declaration wins over the header because servers send a generic
 * charset for every file far more often than a feed declares a wrong one.
 */
export function decodeFeed(bytes: Uint8Array, contentType?: string): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decoderFor('utf-16be').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decoderFor('utf-16le').decode(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decoderFor('utf-8').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 512));
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1];
  return decoderFor(declared ?? charsetOfType(contentType) ?? 'utf-8').decode(bytes);
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The elements under a name, as nodes (a bare text element becomes { '#text': … }). */
export function nodes(value: unknown): XmlNode[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (isNode(item) ? item : { '#text': item }));
}

/** An element's text ('' when it has none). */
export function textOf(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  if (typeof first === 'number' || typeof first === 'boolean') return String(first);
  if (isNode(first)) return textOf(first['#text']);
  return '';
}

/** An attribute of an element ('' when absent). */
export function attrOf(node: XmlNode | undefined, name: string): string {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value : '';
}

/** Parses a feed's text; throws FeedFormatError for anything but well-formed RSS or Atom. */
export function parseFeedDocument(text: string): FeedDocument {
  const xml = text.replace(/^\uFEFF/, '').trimStart();
  if (/^(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(xml)) {
    throw new FeedFormatError('an HTML page, not an RSS or Atom feed');
  }
  const checked = XMLValidator.validate(xml);
  if (checked !== true) throw new FeedFormatError(`not well-formed XML: ${checked.err.msg} (line ${checked.err.line})`);
  let tree: unknown;
  try {
    tree = parser.parse(xml);
  } catch (error) {
    throw new FeedFormatError(`not well-formed XML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isNode(tree)) throw new FeedFormatError('an empty document');
  const rss = tree.rss;
  if (isNode(rss)) {
    const channel = nodes(rss.channel)[0];
    if (!channel) throw new FeedFormatError('an RSS document without a <channel>');
    return { format: 'rss', channel, items: nodes(channel.item) };
  }
  if (isNode(tree.feed)) return { format: 'atom', feed: tree.feed, items: nodes(tree.feed.entry) };
  const rdf = tree['rdf:RDF'];
  if (isNode(rdf)) return { format: 'rdf', channel: nodes(rdf.channel)[0] ?? {}, items: nodes(rdf.item) };
  const root = Object.keys(tree).find((name) => !name.startsWith('?') && !name.startsWith('!'));
  throw new FeedFormatError(`not an RSS or Atom feed (its root element is <${root ?? 'none'}>)`);
}
