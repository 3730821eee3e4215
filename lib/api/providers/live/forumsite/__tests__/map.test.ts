// The forumsite mapping on the recorded payloads: whole records field by field, every recorded
// post and community passing the registry's schema, and the edge cases of the spec's fields.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { forumsiteCommunitySchema, forumsitePostSchema } from '../../../../registry/forumsite';
import {
  communityPayload,
  htmlText,
  listingPayload,
  mapCommunity,
  mapPost,
  postPayload,
  type PostPayload,
} from '../map';
import { announcementsCommunity, galleryPost, redditdevCommunity, site, textPost, videoPost } from './support/expected';

const dir = path.resolve(import.meta.dirname, '../../../../../../data/live/forumsite');
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

function postsOf(file: string): PostPayload[] {
  const listing = listingPayload.parse(read(file));
  return listing.data.children.map((child) => postPayload.parse(child.data));
}

function rawChild(file: string, index: number): Record<string, unknown> {
  return (read(file) as { data: { children: Array<{ data: Record<string, unknown> }> } }).data.children[index]!.data;
}

describe('a post from its recorded payload', () => {
  const posts = postsOf('listings/popular-hot-1.json');

  test.each([
    ['a hosted video', 1, videoPost],
    ['a gallery with a body', 7, galleryPost],
    ['a text post', 32, textPost],
  ])('%s: every field', (_name, index, expected) => {
    const record = mapPost(posts[index]!, site);
    for (const [field, value] of Object.entries(expected))
      expect({ field, value: record[field as keyof typeof record] }).toEqual({ field, value });
    expect(Object.keys(record).sort()).toEqual(Object.keys(expected).sort());
    expect(forumsitePostSchema.parse(record)).toEqual(record);
  });

  test("the record keeps the payload's own values", () => {
    const raw = rawChild('listings/popular-hot-1.json', 1);
    const record = mapPost(posts[1]!, site);
    expect(record.post_id).toBe(raw.id);
    expect(record.upvote_ratio).toBe(raw.upvote_ratio);
    expect(record.upvotes).toBe(raw.score);
    expect(record.comments).toBe(raw.num_comments);
    expect(record.flair).toBe(raw.link_flair_text);
  });

  test('a deleted author is the literal [deleted] with an empty author_url', () => {
    const deleted = postsOf('listings/askreddit-controversial-all.json').find((p) => p.author === '[deleted]')!;
    const record = mapPost(deleted, site);
    expect(record.author).toBe('[deleted]');
    expect(record.author_url).toBe('');
  });

  test('an image post lists its image; a spoiler thumbnail is none', () => {
    const image = mapPost(posts[3]!, site);
    expect(image.images).toEqual(['https://i.redd.it/rrinwcmrxzug1.jpeg']);
    expect(image.link_url).toBe('https://i.redd.it/rrinwcmrxzug1.jpeg');
    const spoiler = mapPost(posts[18]!, site);
    expect(rawChild('listings/popular-hot-1.json', 18).thumbnail).toBe('spoiler');
    expect(spoiler.thumbnail).toBe('');
  });

  // The recordings already hold posts whose two flags differ, so nothing is derived: r/AskReddit's
  // hot post 15 is over_18 without spoiler, r/popular's hot post 18 a spoiler not over_18.
  test("nsfw is the post's own over_18 and spoiler its spoiler, where the two differ", () => {
    const adult = rawChild('listings/askreddit-hot.json', 15);
    expect([adult.over_18, adult.spoiler]).toEqual([true, false]);
    expect(mapPost(postsOf('listings/askreddit-hot.json')[15]!, site)).toMatchObject({ nsfw: true, spoiler: false });
    const spoiler = rawChild('listings/popular-hot-1.json', 18);
    expect([spoiler.over_18, spoiler.spoiler]).toEqual([false, true]);
    expect(mapPost(posts[18]!, site)).toMatchObject({ nsfw: false, spoiler: true });
  });

  test("a link to another site's video is not a hosted video", () => {
    const record = mapPost(posts[0]!, site);
    expect(record).toMatchObject({
      is_video: false,
      video_url: '',
      video_hls_url: '',
      link_url: 'https://streamable.com/ql7tuy',
    });
  });

  test('every post of every recorded listing makes a record the registry accepts', () => {
    const files = readdirSync(path.join(dir, 'listings')).map((f) => `listings/${f}`);
    let count = 0;
    for (const file of files) {
      for (const post of postsOf(file)) {
        expect(() => forumsitePostSchema.parse(mapPost(post, site))).not.toThrow();
        count += 1;
      }
    }
    expect(count).toBe(708); // seven pages of 100 and one of 8
  });
});

describe('a community from its recorded about.json', () => {
  test('r/redditdev: every field', () => {
    const about = read('about/redditdev.json') as { data: Record<string, unknown> };
    const record = mapCommunity(communityPayload.parse(about.data));
    expect(record).toEqual({ ...redditdevCommunity, sidebar: about.data.description });
    expect(forumsiteCommunitySchema.parse(record)).toEqual(record);
  });

  test('r/announcements (restricted, with icon and banner): every field', () => {
    const about = read('about/announcements.json') as { data: unknown };
    const record = mapCommunity(communityPayload.parse(about.data));
    for (const [field, value] of Object.entries(announcementsCommunity))
      expect({ field, value: record[field as keyof typeof record] }).toEqual({ field, value });
    expect(Object.keys(record).sort()).toEqual(Object.keys(announcementsCommunity).sort());
  });

  test('a quarantined or private community has its status and null counts', () => {
    const about = communityPayload.parse((read('about/redditdev.json') as { data: unknown }).data);
    expect(mapCommunity({ ...about, quarantine: true })).toMatchObject({
      status: 'quarantined',
      quarantined: true,
      subscribers: null,
    });
    expect(mapCommunity({ ...about, subreddit_type: 'private' })).toMatchObject({
      status: 'private',
      type: 'private',
      subscribers: null,
    });
    expect(mapCommunity({ ...about, subreddit_type: 'gold_restricted' })).toMatchObject({ status: 'active', type: '' });
  });
});

describe('post bodies as plain text', () => {
  test('entities decoded, links keep their words, lists and paragraphs kept', () => {
    const html =
      '<!-- SC_OFF --><div class="md"><p>Fish &amp; chips, <a href="https://example.org">here</a></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<h1>Title</h1></div><!-- SC_ON -->';
    expect(htmlText(html)).toBe('Fish & chips, here\n\n * one\n * two\n\n\nTitle');
  });
});
