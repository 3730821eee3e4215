// AT Protocol PostViews -> openmicro records, on the recordings in data/live/openmicro (no I/O
// beyond reading them): whole records field by field, every recorded post through the registry's
// strict record schema and against its own payload, the media kinds, and the query plan.
import { describe, expect, test } from 'vitest';
import { openmicroPostSchema } from '@/lib/api/registry/openmicro';
import { retryAfterOf } from '..';
import { toOpenmicroPost, utcDateOf } from '../map';
import { holdsExcluded, planSearch, searchRequest } from '../query';
import { postViewSchema, searchPostsSchema, type PostView } from '../schema';
import { recording } from './support/routes';

const site = { source: 'Openmicro', domain: 'openmicro.example' };
const search = (file: string) => searchPostsSchema.parse(recording(file)).posts;
const feed = (file: string) =>
  recording<{ feed: Array<{ post: unknown }> }>(file).feed.map((item) => postViewSchema.parse(item.post));
const byUri = (posts: PostView[], rkey: string) => {
  const post = posts.find((p) => p.uri.endsWith(`/${rkey}`));
  if (!post) throw new Error(`no recorded post ${rkey}`);
  return post;
};
const posts2025 = search('search-posts-redistricting-2025-05-19.json');
const posts2023 = search('search-posts-redistricting-2023-12-13.json');
const bskyTeam = feed('get-feed-bsky-team-2025-05-19.json');
const listFeed = feed('get-list-feed-2025-05-22.json');
const allRecorded = [...posts2025, ...posts2023, ...bskyTeam, ...listFeed];

describe('a recorded post as an openmicro record', () => {
  test('maps a post with a link card (searchPosts, 2025-05-19) field by field', () => {
    expect(toOpenmicroPost(byUri(posts2025, '3lpk2r5h5ec2j'), site)).toStrictEqual({
      title: '@cjtackett.bsky.social on Openmicro',
      url: 'https://bsky.app/profile/cjtackett.bsky.social/post/3lpk2r5h5ec2j',
      date: '2025-05-19 17:08:27',
      author: 'cjtackett.bsky.social',
      author_name: 'Chris Tackett',
      author_id: 'did:plc:s7savtl25cqhm3ddqc7jeljx',
      author_verified: false,
      source: 'Openmicro',
      domain: 'openmicro.example',
      snippet:
        'I dove into the RIDICULOUS op-ed sent into the Fort Worth Star Telegram by Tarrant County Commissioner Manny Ramirez supporting Redistricting.\n\n' +
        'Please give it a read, and if you are in Tarrant or know someone in Tarrant, share it!\n\nopen.substack.com/pub/christac...',
      likes: 4,
      replies: 0,
      reposts: 3,
      quotes: 0,
      bookmarks: 0, // no bookmarkCount in 2025-05 PostViews: the spec's 0
      lang: 'en',
      is_reply: false,
      in_reply_to_id: '',
      is_quote: false,
      quoted_post: null,
      hashtags: [],
      mentions: [],
      links: ['https://open.substack.com/pub/christackett/p/the-pawn-or-the-collaborator?r=92vnq&utm_medium=ios'],
      link_preview: {
        url: 'https://open.substack.com/pub/christackett/p/the-pawn-or-the-collaborator?r=92vnq&utm_medium=ios',
        title: 'The Pawn or the Collaborator?',
        description:
          'We are fighting a mid-cycle redistricting push in Tarrant County, led by Tarrant County Judge Tim O’Hare and Commissioners Matt Krause and Manny Ramirez.',
        image_url:
          'https://cdn.bsky.app/img/feed_thumbnail/plain/did:plc:s7savtl25cqhm3ddqc7jeljx/bafkreidiaum3q4numtazcdcgpbpcnll2pqlruycn66wei5ombhvzgo6tnu@jpeg',
      },
      media_type: 'text',
      image_url: '',
      video_url: '',
      carousel_media: [],
      post_id: 'at://did:plc:s7savtl25cqhm3ddqc7jeljx/app.bsky.feed.post/3lpk2r5h5ec2j',
    });
  });

  test('maps a reply with one image (searchPosts, 2025-05-19) field by field', () => {
    expect(toOpenmicroPost(byUri(posts2025, '3lpjzka2pzc2l'), site)).toStrictEqual({
      title: '@mcpli.bsky.social on Openmicro',
      url: 'https://bsky.app/profile/mcpli.bsky.social/post/3lpjzka2pzc2l',
      date: '2025-05-19 16:46:41',
      author: 'mcpli.bsky.social',
      author_name: 'Michael Li (李之樸)',
      author_id: 'did:plc:7nagdvjqrzaquzk7mueohne5',
      author_verified: false,
      source: 'Openmicro',
      domain: 'openmicro.example',
      snippet:
        "And last but not least, here's the state defendants trial brief in the Texas redistricting cases.\n\ndrive.google.com/file/d/1rpor...",
      likes: 2,
      replies: 0,
      reposts: 0,
      quotes: 0,
      bookmarks: 0,
      lang: 'en',
      is_reply: true,
      in_reply_to_id: 'at://did:plc:7nagdvjqrzaquzk7mueohne5/app.bsky.feed.post/3lpjzgltpa22l',
      is_quote: false,
      quoted_post: null,
      hashtags: [],
      mentions: [],
      links: ['https://drive.google.com/file/d/1rporOuFeT8tvgIITtUCWAw6W_iM_RgfH/view?usp=sharing'],
      link_preview: null,
      media_type: 'image',
      image_url:
        'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:7nagdvjqrzaquzk7mueohne5/bafkreicoczex3kgwdzwqfqxdvrdsg6wlp2ncew67suokieo3pwzpkfr2b4@jpeg',
      video_url: '',
      carousel_media: [],
      post_id: 'at://did:plc:7nagdvjqrzaquzk7mueohne5/app.bsky.feed.post/3lpjzka2pzc2l',
    });
  });

  test('maps a quote post (searchPosts, 2025-05-19) with the quoted post from its embed', () => {
    const record = toOpenmicroPost(byUri(posts2025, '3lpjl6vjfes2b'), site);
    expect(record).toMatchObject({
      author: 'rachel99marta.bsky.social',
      is_quote: true,
      media_type: 'text',
      links: [],
      link_preview: null,
    });
    expect(record.quoted_post).toStrictEqual({
      post_id: 'at://did:plc:pjiafkey2cokiupsxpswqlk7/app.bsky.feed.post/3lpjgwfr3gs27',
      url: 'https://bsky.app/profile/marcelias.bsky.social/post/3lpjgwfr3gs27',
      date: '2025-05-19 11:13:29',
      author: 'marcelias.bsky.social',
      author_name: 'Marc Elias',
      author_verified: false,
      snippet:
        'NEW: To start the week, I lay out what to watch in the courts this week regarding voting rights and democracy. Take a few minutes to stay up to date. www.youtube.com/watch?v=amm3...',
      likes: 3024,
      reposts: 980,
    });
  });

  test('gives a mention the handle its text shows, and a tag without its #, from the facets (searchPosts, 2023-12-13)', () => {
    const record = toOpenmicroPost(byUri(posts2023, '3kghldak2fz2o'), site);
    expect(record).toMatchObject({
      author: 'kagrox.bsky.social',
      date: '2023-12-13 23:13:58',
      hashtags: ['KITM'],
      mentions: ['demfromct.bsky.social'],
      links: ['https://www.patreon.com/posts/kagro-in-morning-94613611'],
      link_preview: {
        url: 'https://www.patreon.com/posts/kagro-in-morning-94613611',
        title: 'Kagro in the Morning - December 13, 2023 | David Waldman',
      },
    });
  });

  test("gives a post without langs the spec's empty lang, and reads a microsecond createdAt as UTC", () => {
    expect(toOpenmicroPost(byUri(posts2025, '3lpk2u6qo222m'), site)).toMatchObject({
      lang: '',
      date: '2025-05-19 17:10:09',
      links: ['https://osf.io/v87fn'],
    });
  });

  test('marks verified authors and trusted verifiers (getFeed, 2025-05-19)', () => {
    expect(toOpenmicroPost(byUri(bskyTeam, '3loqxjvk3fs2c'), site)).toMatchObject({
      author: 'atproto.com',
      author_verified: true,
      quotes: 18,
      likes: 569,
    });
    // bsky.app: verifiedStatus "none", trustedVerifierStatus "valid" (it issues the checks).
    expect(
      bskyTeam.filter((p) => p.author.handle === 'bsky.app').map((p) => toOpenmicroPost(p, site).author_verified),
    ).not.toContain(false);
    expect(toOpenmicroPost(byUri(posts2025, '3lpk2r5h5ec2j'), site).author_verified).toBe(false);
  });

  test('maps four images as a carousel with their sizes (getListFeed, 2025-05-22)', () => {
    const record = toOpenmicroPost(byUri(listFeed, '3lpr5o7acpc2b'), site);
    const images = (
      byUri(listFeed, '3lpr5o7acpc2b').embed as { images: Array<{ thumb: string; fullsize: string; alt: string }> }
    ).images;
    expect(record.media_type).toBe('carousel');
    expect(record.image_url).toBe(images[0]?.fullsize);
    expect(record.carousel_media).toStrictEqual(
      images.map((i) => ({ image_url: i.fullsize, thumbnail_url: i.thumb, alt: i.alt, width: 1280, height: 720 })),
    );
    expect(record.hashtags).toStrictEqual(['STEM', 'physics', 'science']);
  });

  test('maps a quote with an image (recordWithMedia, Python SDK fixture) to an image post quoting a post', () => {
    const post = postViewSchema.parse(
      recording<{ thread: { post: unknown } }>('thread-view-post-with-embed-media.json').thread.post,
    );
    expect(toOpenmicroPost(post, site)).toMatchObject({
      snippet: '',
      media_type: 'image',
      image_url:
        'https://cdn.bsky.app/img/feed_fullsize/plain/did:plc:kvwvcn5iqfooopmyzvb4qzba/bafkreic3cp5ky525vsukjvrzxsc2h3jka2gud74l2hgeatw2rhj2qycnmq@jpeg',
      is_quote: true,
      quoted_post: {
        post_id: 'at://did:plc:kvwvcn5iqfooopmyzvb4qzba/app.bsky.feed.post/3kahesw26il2z',
        snippet: 'test',
        date: '2023-09-28 12:46:18',
        likes: 0,
        reposts: 0,
      },
    });
  });

  test("maps a video (the AppView's own view test) to its HLS playlist and thumbnail", () => {
    const post = postViewSchema.parse(recording('post-view-video.snapshot.json'));
    expect(toOpenmicroPost(post, site)).toMatchObject({
      media_type: 'video',
      video_url: 'https://bsky.public.url/vid/user(1)/cids(3)/playlist.m3u8',
      image_url: 'https://bsky.public.url/vid/user(1)/cids(3)/thumbnail.jpg',
      carousel_media: [],
    });
  });

  test("maps a gallery (the AppView's own view test) as a carousel", () => {
    const post = postViewSchema.parse(recording('post-view-gallery.snapshot.json'));
    expect(toOpenmicroPost(post, site).carousel_media).toStrictEqual([
      {
        image_url: 'https://bsky.public.url/img/feed_fullsize/plain/user(1)/cids(3)',
        thumbnail_url: 'https://bsky.public.url/img/feed_thumbnail/plain/user(1)/cids(3)',
        alt: 'landscape',
        width: 4,
        height: 3,
      },
      {
        image_url: 'https://bsky.public.url/img/feed_fullsize/plain/user(1)/cids(1)',
        thumbnail_url: 'https://bsky.public.url/img/feed_thumbnail/plain/user(1)/cids(1)',
        alt: 'portrait',
        width: 3,
        height: 4,
      },
    ]);
  });

  test("every recorded post is a valid record carrying its own payload's values", () => {
    expect(allRecorded.length).toBe(25 + 23 + 7 + 10);
    for (const post of allRecorded) {
      const record = openmicroPostSchema.parse(toOpenmicroPost(post, site));
      expect(record.post_id).toBe(post.uri);
      expect(record.author_id).toBe(post.author.did);
      expect(record.snippet).toBe(post.record.text);
      expect([record.likes, record.replies, record.reposts, record.quotes]).toStrictEqual([
        post.likeCount ?? 0,
        post.replyCount ?? 0,
        post.repostCount ?? 0,
        post.quoteCount ?? 0,
      ]);
      expect(record.date).toBe(utcDateOf(post.record.createdAt));
      expect(record.is_reply).toBe(post.record.reply !== undefined);
    }
  });
});

describe('the search plan', () => {
  test("maps the spec's operators and filters onto searchPosts's own parameters", () => {
    const plan = planSearch({
      query: '"climate policy" from:@alice.bsky.social lang:en domain:nytimes.com #energy #eu -coal',
      sort_by: 'relevance',
      start_date: '2026-01-01',
      end_date: '2026-01-31',
    });
    expect(plan).toStrictEqual({
      q: '"climate policy" -coal',
      sort: 'top',
      author: 'alice.bsky.social',
      lang: 'en',
      domain: 'nytimes.com',
      tags: ['energy', 'eu'],
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-02-01T00:00:00.000Z', // until is exclusive: the day after end_date
      excluded: ['coal'],
    });
    const request = searchRequest(plan, '50');
    expect(request.path).toBe('/xrpc/app.bsky.feed.searchPosts?tag=energy&tag=eu');
    expect(request.query).toMatchObject({ q: '"climate policy" -coal', limit: 50, cursor: '50', sort: 'top' });
  });

  test('sends a query made only of operators whole as q, and defaults to the newest first', () => {
    expect(planSearch({ query: 'from:bsky.app' })).toMatchObject({
      q: 'from:bsky.app',
      author: 'bsky.app',
      sort: 'latest',
    });
  });

  test('drops posts that still hold an excluded word, as a whole word in any case', () => {
    expect(holdsExcluded('New COAL plant', ['coal'])).toBe(true);
    expect(holdsExcluded('charcoal drawing', ['coal'])).toBe(false);
    expect(holdsExcluded('a big deal', ['big deal'])).toBe(true);
  });
});

describe("the platform's 429", () => {
  test('waits for Retry-After, else until RateLimit-Reset (epoch seconds)', () => {
    const now = 1_747_676_700_000;
    expect(retryAfterOf({ 'ratelimit-reset': '1747676784' }, now)).toBe(84);
    expect(retryAfterOf({ 'retry-after': '7', 'ratelimit-reset': '1747676784' }, now)).toBe(7);
    expect(retryAfterOf({}, now)).toBeUndefined();
  });
});
