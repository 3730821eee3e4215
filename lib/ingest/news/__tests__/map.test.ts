// Feed XML -> news articles, on the recordings in data/live/news (no I/O beyond reading them):
// whole articles field by field from their items, every item of every feed through the registry's
// strict record schema, the charset, relative links, dates, and the documents that are not feeds.
import { describe, expect, test } from 'vitest';
import { newsArticleSchema } from '@/lib/api/registry/news';
import { toNewsArticle } from '@/lib/api/providers/live/news/search';
import { languageOf, parseFeed, parseFeedDate, type FeedArticle } from '../map';
import { decodeFeed, FeedFormatError } from '../parse';
import { contentTypeOf, feeds, recording, type FeedName } from '@/lib/api/providers/live/news/__tests__/support/routes';

// Where the tests' feed server would serve them: relative links must not resolve against it.
const servedAt = (file: string) => `http://127.0.0.1:9/${file}`;
const parse = (name: FeedName) =>
  parseFeed(decodeFeed(recording(feeds[name]), contentTypeOf(feeds[name])), servedAt(feeds[name]));
const article = (name: FeedName, url: string) => parse(name).articles.find((a) => a.url === url) as FeedArticle;

describe('a recorded RSS 2.0 item as a news article', () => {
  test("maps the Guardian's first item field by field (description HTML as text, the largest media:content, dc:creator, en-gb)", () => {
    const item = article(
      'guardian',
      'https://www.theguardian.com/us-news/2018/jan/31/donald-trump-state-of-the-union-address-unity-discord',
    );
    expect(toNewsArticle({ ...item, date: item.publishedAt! })).toStrictEqual({
      // <title>
      title: 'Trump State of the Union address promised unity but emphasized discord',
      // <link>
      url: 'https://www.theguardian.com/us-news/2018/jan/31/donald-trump-state-of-the-union-address-unity-discord',
      // the channel's <title>, and the host of <link>
      source: 'The Guardian',
      domain: 'theguardian.com',
      // <description>: &lt;p&gt;…&lt;/p&gt; paragraphs, a related link and "Continue reading...", on one line
      snippet:
        'The president’s ‘new American moment’ speech stirred Republican applause while Democrats showed thinly disguised contempt ' +
        'Donald Trump has promised a “new American moment” in a State of the Union address that sought harmony but succeeded only ' +
        'in underlining the deep discord at the heart of the country’s politics. ' +
        "Related: Fact check: Donald Trump's State of the Union address analyzed Continue reading...",
      // <pubDate>Wed, 31 Jan 2018 07:26:05 GMT</pubDate>
      date: '2018-01-31 07:26:05',
      date_timestamp: 1517383565,
      // <dc:creator>
      author: 'David Smith in Washington',
      // the second of two <media:content> (width 460, not 140); &amp; decoded
      image_url:
        'https://i.guim.co.uk/img/media/b73c8752cd4667c923dff7f1542f1fb20089e421/0_108_3000_1799/master/3000.jpg?w=460&q=55&auto=format&usm=12&fit=max&s=a606a273a90104e57b1e09bc4c0a1e11',
      // the channel's <language>en-gb</language>
      language: 'en',
    });
    expect(recording(feeds.guardian).toString('utf8')).toContain('<dc:creator>David Smith in Washington</dc:creator>');
  });

  test('reads a FeedBurner feed in ISO-8859-1: the original link, and the title as snippet when the description is only a tracking pixel', () => {
    const parsed = parse('jn');
    expect(parsed.title).toBe('Jornal de Notícias - Últimas Notícias');
    expect(parsed.articles).toHaveLength(40);
    expect(parsed.articles[0]).toStrictEqual({
      // <feedburner:origLink>, not the feeds.jn.pt/~r/… redirect of <link>
      url: 'https://www.jn.pt/nacional/interior/sonia-laig-e-a-nova-presidente-da-rarissimas-9021600.html',
      title: 'Mãe de utente é a nova presidente da Raríssimas',
      source: 'Jornal de Notícias - Últimas Notícias',
      domain: 'jn.pt',
      // the 1x1 <img> FeedBurner appends is left out
      snippet:
        'Sónia Laygue, profissional na área da Recursos Humanos e mãe de uma criança de três anos, utente na Casa dos Marcos, é a nova presidente da direção da Raríssimas.',
      author: '',
      imageUrl: '',
      language: 'pt',
      publishedAt: new Date('2018-01-03T13:47:00Z'),
    });
    // Its <description> is the pixel alone.
    expect(parsed.articles[1]).toMatchObject({
      title: 'Reações dos partidos ao veto de Marcelo',
      snippet: 'Reações dos partidos ao veto de Marcelo',
    });
  });

  test('takes an item without title or link by its permalink guid, and the name of "email (Name)" as author (the RSS 2.0 sample)', () => {
    const parsed = parse('liftoff');
    expect(parsed.articles.map((a) => a.url)).toEqual([
      'http://liftoff.msfc.nasa.gov/news/2003/news-starcity.asp',
      'http://liftoff.msfc.nasa.gov/2003/05/30.html#item572',
      'http://liftoff.msfc.nasa.gov/news/2003/news-VASIMR.asp',
      'http://liftoff.msfc.nasa.gov/news/2003/news-laundry.asp',
    ]);
    expect(parsed.articles[0]).toMatchObject({ author: 'Writer', title: 'Star City' });
    expect(parsed.articles[1]).toMatchObject({
      title: '',
      snippet:
        'Sky watchers in Europe, Asia, and parts of Alaska and Canada will experience a partial eclipse of the Sun on Saturday, May 31st.',
    });
  });

  test("takes an item's own dc:language over the channel's", () => {
    // No recorded item carries its own dc:language: the Guardian's recording with one added to its
    // first item (<dc:language>fr-FR</dc:language>), nothing else changed; the channel says en-gb.
    const recorded = recording(feeds.guardian).toString('utf8');
    const firstItem = '<item>\n      <title>Trump State of the Union';
    expect(recorded).toContain(firstItem);
    const derived = recorded.replace(firstItem, `<item>\n      <dc:language>fr-FR</dc:language>${firstItem.slice(6)}`);
    const [first, second] = parseFeed(derived, servedAt(feeds.guardian)).articles;
    expect(first).toMatchObject({ title: expect.stringMatching(/^Trump State of the Union/), language: 'fr' });
    expect(second!.language).toBe('en');
  });

  test("leaves language and image empty where the feed gives none (Livemint's own <bigimage> is not a feed element)", () => {
    const first = parse('livemint').articles[0];
    expect(first).toMatchObject({
      author: 'Elizabeth Roche',
      language: '',
      imageUrl: '',
      publishedAt: new Date('2019-05-29T10:16:00Z'),
    });
  });
});

describe('a recorded RSS 1.0 item as a news article', () => {
  test("maps Science's first item field by field (dc:creator, dc:date, the title as snippet for an empty description)", () => {
    const parsed = parse('science');
    expect(parsed).toMatchObject({ format: 'rdf', title: 'Science twis' });
    expect(parsed.articles).toHaveLength(69);
    expect(parsed.articles[0]).toStrictEqual({
      url: 'http://science.sciencemag.org/cgi/content/short/356/6343/1134-a?rss=1',
      title: 'Food for fungi',
      source: 'Science twis',
      domain: 'science.sciencemag.org',
      snippet: 'Food for fungi',
      author: 'Hines, P. J.',
      imageUrl: '',
      // No dc:language anywhere.
      language: '',
      // <dc:date>2017-06-15T10:29:47-07:00</dc:date>
      publishedAt: new Date('2017-06-15T17:29:47Z'),
    });
  });
});

describe('a recorded Atom entry as a news article', () => {
  test("maps heise's first entry field by field (summary over content, the feed's author, published over updated)", () => {
    const parsed = parse('heise');
    expect(parsed.title).toBe('heise developer neueste Meldungen');
    const first = parsed.articles[0]!;
    expect(toNewsArticle({ ...first, date: first.publishedAt! })).toStrictEqual({
      title: 'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
      url: 'http://www.heise.de/developer/meldung/Java-Anwendungsserver-Red-Hat-gibt-WildFly-10-frei-3088438.html?wt_mc=rss.developer.beitrag.atom',
      source: 'heise developer neueste Meldungen',
      domain: 'heise.de',
      snippet:
        'Die nun verfügbare Version 10 des Enterprise-Java-Servers stellt die Basis für Red Hats kommerzielle JBoss Enterprise ' +
        'Application Platform 7 ist zugleich das dritte größere Release seit dem Namenswechsel des Open-Source-Projekts.',
      // <published>2016-02-01T17:22:00+01:00</published>
      date: '2016-02-01 16:22:00',
      date_timestamp: 1454343720,
      // the feed's <author><name>heise online</name></author> (RFC 4287: an entry without one has its feed's)
      author: 'heise online',
      image_url: '',
      // no xml:lang anywhere
      language: '',
    });
  });

  test("resolves relative links against the feed's own address (rel=self), not where it was fetched from (TPM)", () => {
    const first = parse('tpm').articles[0]!;
    expect(first).toMatchObject({
      url: 'http://talkingpointsmemo.com/livewire/hannity-announces-fox-hired-sebastian-gorka-national-security-strategist',
      domain: 'talkingpointsmemo.com',
      author: 'Esme Cribb',
      language: 'en',
      publishedAt: new Date('2017-11-08T23:15:58Z'),
    });
    // content type="html" with double-escaped entities (&amp;#8220;) reads as text.
    expect(first.snippet).toMatch(
      /^Fox News star host Sean Hannity on Wednesday announced .* “Joining us now is Dr\. Sebastian Gorka,” Hannity said on his radio show\./,
    );
    // The whole article is the only text: cut at 1,000 characters on a word.
    expect(Array.from(first.snippet).length).toBeLessThanOrEqual(1000);
    expect(first.snippet.endsWith('...')).toBe(true);
  });
});

describe('every recorded item', () => {
  test.each([
    'guardian',
    'heise',
    'jn',
    'tpm',
    'livemint',
    'liftoff',
    'samRuby2012',
    'samRuby2013',
    'science',
  ] as const)('of %s makes a record the registry accepts', (name) => {
    const parsed = parse(name);
    expect(parsed.articles.length).toBeGreaterThan(0);
    for (const item of parsed.articles) {
      expect(newsArticleSchema.parse(toNewsArticle({ ...item, date: item.publishedAt ?? new Date(0) }))).toBeTruthy();
      expect(item.publishedAt).not.toBeNull();
    }
  });
});

describe('documents that are not feeds', () => {
  test('refuses XML that is not well-formed (an unescaped & in a link) naming the line', () => {
    expect(() => parse('malformed')).toThrow(
      new FeedFormatError("not well-formed XML: char '&' is not expected. (line 15)"),
    );
  });

  test('refuses an HTML page served where the feed was (MarketWatch\'s "Document Moved")', () => {
    expect(() => parse('notAFeed')).toThrow(new FeedFormatError('an HTML page, not an RSS or Atom feed'));
  });

  test('refuses well-formed XML of another kind, naming its root', () => {
    expect(() => parseFeed('<?xml version="1.0"?><opml version="2.0"><body/></opml>', servedAt('x.xml'))).toThrow(
      new FeedFormatError('not an RSS or Atom feed (its root element is <opml>)'),
    );
  });
});

describe('feed dates and languages', () => {
  test.each([
    ['Wed, 31 Jan 2018 07:26:05 GMT', '2018-01-31T07:26:05.000Z'],
    ['Tue, 28 Nov 2017 15:40:00 -0800', '2017-11-28T23:40:00.000Z'],
    ['Tue, 28 Nov 2017 15:40:00 EST', '2017-11-28T20:40:00.000Z'],
    ['2016-02-01T17:22:00+01:00', '2016-02-01T16:22:00.000Z'],
    // No zone: UTC, whatever this machine's zone is.
    ['2019-05-29 10:16:00', '2019-05-29T10:16:00.000Z'],
    ['Wed, 29 May 2019 10:16:00', '2019-05-29T10:16:00.000Z'],
  ])('reads %s', (text, iso) => {
    expect(parseFeedDate(text)?.toISOString()).toBe(iso);
  });

  test('gives no date for one that does not read (Portuguese day names)', () => {
    expect(parseFeedDate('Seg, 24 Set 2018 19:42:40 -0300')).toBeNull();
    expect(parseFeedDate('')).toBeNull();
  });

  test.each([
    ['en-gb', 'en'],
    ['pt-PT', 'pt'],
    ['de', 'de'],
    ['', ''],
    ['english', ''],
  ])('reads the language %s as %s', (tag, code) => {
    expect(languageOf(tag)).toBe(code);
  });
});
