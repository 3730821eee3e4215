// Mastodon payloads -> politicnet records, on the recordings in data/live/politicnet (no I/O
// beyond reading them): whole records field by field, every recorded status through the
// registry's strict record schema, the Link header's next page and the 429's reset header.
import { describe, expect, test } from 'vitest';
import { politicnetPostSchema } from '@/lib/api/registry/politicnet';
import { nextMaxIdOf, retryAfterFromReset } from '../client';
import { politicnetAdapter } from '..';
import { mastodonAccountSchema, mastodonStatusesSchema, titleOf, toPoliticnetPost, type MastodonStatus } from '../map';
import { recording } from './support/routes';

const site = { source: 'Politicnet', domain: 'politicnet.example' };
const page = (file: string) => mastodonStatusesSchema.parse(JSON.parse(recording(file)));
const status = (file: string, id: string) => page(file).find((s) => s.id === id) as MastodonStatus;
const pages = [
  'chainsawriot-statuses-1.json',
  'chainsawriot-statuses-2.json',
  'chainsawriot-statuses-3.json',
  'schochastics-statuses-1.json',
  'schochastics-statuses-2.json',
];

describe('a recorded status as a politicnet post', () => {
  test('maps a post with a content warning and an described image (social.tchncs.de, 2022) field by field', () => {
    expect(toPoliticnetPost(status('chainsawriot-statuses-1.json', '109315118407397095'), site)).toStrictEqual({
      title: 'testing in progress, please ignore',
      url: 'https://social.tchncs.de/@chainsawriot/109315118407397095',
      date: '2022-11-09 17:52:13',
      author: 'chainsawriot',
      source: 'Politicnet',
      domain: 'politicnet.example',
      snippet: 'testing in progress, please ignore',
      likes: 1,
      replies: 0,
      reposts: 0,
      post_id: '109315118407397095',
      content_html: '<p>testing in progress, please ignore</p>',
      media: [
        {
          media_id: '109315118374886635',
          type: 'image',
          url: 'https://f2.tchncs.de/media_attachments/files/109/315/118/374/886/635/original/b84083bef9761c48.png',
          description: 'rtoot logo',
        },
      ],
      hashtags: [],
      language: 'en',
      visibility: 'unlisted',
      sensitive: false,
      spoiler_text: 'rtoot is the best',
      sponsored: false,
      is_reply: false,
      in_reply_to_id: '',
    });
  });

  test('maps a sensitive reply, decoding its HTML entities into the snippet', () => {
    expect(toPoliticnetPost(status('chainsawriot-statuses-1.json', '109333002065949660'), site)).toStrictEqual({
      title: 'Also, I lament about the separable verbs, reflexive verbs, and preposition wa...',
      url: 'https://social.tchncs.de/@chainsawriot/109333002065949660',
      date: '2022-11-12 21:40:16',
      author: 'chainsawriot',
      source: 'Politicnet',
      domain: 'politicnet.example',
      snippet:
        'Also, I lament about the separable verbs, reflexive verbs, and preposition way more than "der, die das".',
      likes: 0,
      replies: 0,
      reposts: 0,
      post_id: '109333002065949660',
      content_html:
        '<p>Also, I lament about the separable verbs,  reflexive verbs, and preposition way more than &quot;der, die das&quot;.</p>',
      media: [],
      hashtags: [],
      language: 'en',
      visibility: 'public',
      sensitive: true,
      spoiler_text: 'Die deutsche Sprache',
      sponsored: false,
      is_reply: true,
      in_reply_to_id: '109332950244519108',
    });
  });

  test("gives an image without a description the spec's empty description", () => {
    const post = toPoliticnetPost(status('chainsawriot-statuses-2.json', '109303266941599451'), site);
    expect(post.media).toStrictEqual([
      {
        media_id: '109303264416313246',
        type: 'image',
        url: 'https://f2.tchncs.de/media_attachments/files/109/303/264/416/313/246/original/e3d15af8e5b990c9.png',
        description: '',
      },
    ]);
    expect(post.snippet).toBe("You probably don't know how much work it took to get this far.");
    expect([post.likes, post.replies, post.reposts]).toEqual([4, 2, 1]);
  });

  test('maps a Mastodon 4.4 status (fosstodon.org, 2025) with hashtags and a link field by field', () => {
    expect(toPoliticnetPost(status('schochastics-statuses-1.json', '114026814291152535'), site)).toStrictEqual({
      title: 'Not sure if this already exist, but I created a #quartopub filter which adds ...',
      url: 'https://fosstodon.org/@schochastics/114026814291152535',
      date: '2025-02-18 20:38:26',
      author: 'schochastics',
      source: 'Politicnet',
      domain: 'politicnet.example',
      // The link's hidden spans ("https://", "-url-peek") are part of its text: the URL stays whole.
      snippet:
        'Not sure if this already exist, but I created a #quartopub filter which adds a domain preview to each link in a quarto html document. Might come in handy for accessibility.\n\n📦 https://github.com/schochastics/quarto-url-peek\n\n#rstats',
      likes: 7,
      replies: 2,
      reposts: 5,
      post_id: '114026814291152535',
      content_html:
        '<p>Not sure if this already exist, but I created a <a href="https://fosstodon.org/tags/quartopub" class="mention hashtag" rel="tag">#<span>quartopub</span></a> filter which adds a domain preview to each link in a quarto html document. Might come in handy for accessibility.</p><p>📦 <a href="https://github.com/schochastics/quarto-url-peek" target="_blank" rel="nofollow noopener" translate="no"><span class="invisible">https://</span><span class="ellipsis">github.com/schochastics/quarto</span><span class="invisible">-url-peek</span></a></p><p><a href="https://fosstodon.org/tags/rstats" class="mention hashtag" rel="tag">#<span>rstats</span></a></p>',
      media: [
        {
          media_id: '114026812043159708',
          type: 'image',
          url: 'https://cdn.fosstodon.org/media_attachments/files/114/026/812/043/159/708/original/1eae16ac3bd6085e.png',
          description: 'screenshot of a document that contains links processed by url-peek',
        },
      ],
      hashtags: ['QuartoPub', 'rstats'],
      language: 'en',
      visibility: 'public',
      sensitive: false,
      spoiler_text: '',
      sponsored: false,
      is_reply: false,
      in_reply_to_id: '',
    });
  });

  test("every recorded status reads and maps to a record the registry's strict schema accepts", () => {
    const statuses = pages.flatMap(page);
    expect(statuses).toHaveLength(20 + 20 + 3 + 20 + 20);
    for (const each of statuses)
      expect(politicnetPostSchema.safeParse(toPoliticnetPost(each, site)).error).toBeUndefined();
  });

  test('reads the recorded lookup answers, the suspended account included', () => {
    expect(mastodonAccountSchema.parse(JSON.parse(recording('chainsawriot-account.json')))).toEqual({
      id: '109281650341067731',
      username: 'chainsawriot',
      acct: 'chainsawriot',
    });
    expect(mastodonAccountSchema.parse(JSON.parse(recording('account-suspended.json')))).toMatchObject({
      acct: 'stigatle@quitter.no',
      suspended: true,
    });
  });

  test('cuts a long title at 80 characters without splitting an emoji', () => {
    expect(titleOf(`${'a'.repeat(76)}📦📦 and more`)).toBe(`${'a'.repeat(76)}📦...`);
    expect(titleOf('two\n\nparagraphs')).toBe('two paragraphs');
  });
});

describe('paging and rate-limit headers', () => {
  const full = page('chainsawriot-statuses-2.json');
  const short = page('chainsawriot-statuses-3.json');

  test("takes the next max_id from the recorded Link header, and none from a last page's", () => {
    const link =
      '<https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&max_id=109285625663774938>; rel="next", <https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&min_id=109309878898870348>; rel="prev"';
    expect(nextMaxIdOf(link, full)).toBe('109285625663774938');
    expect(
      nextMaxIdOf(
        '<https://social.tchncs.de/api/v1/accounts/109281650341067731/statuses?exclude_reblogs=FALSE&limit=20&min_id=109284888045970411>; rel="prev"',
        short,
      ),
    ).toBeNull();
  });

  test('without a Link header, continues after a full page from its last id and stops after a short one', () => {
    expect(nextMaxIdOf(undefined, full)).toBe('109285625663774938');
    expect(nextMaxIdOf(undefined, short)).toBeNull();
  });

  test('waits until X-RateLimit-Reset after a 429 without Retry-After, and leaves Retry-After to the framework', () => {
    const now = Date.parse('2022-11-21T16:19:04Z');
    expect(retryAfterFromReset({ 'x-ratelimit-reset': '2022-11-21T16:20:00.937143Z' }, now)).toBe(57);
    expect(retryAfterFromReset({ 'x-ratelimit-reset': '2022-11-21T16:19:04.000000Z' }, now)).toBe(1);
    expect(
      retryAfterFromReset({ 'retry-after': '30', 'x-ratelimit-reset': '2022-11-21T16:20:00.937143Z' }, now),
    ).toBeUndefined();
    expect(retryAfterFromReset({}, now)).toBeUndefined();
  });

  test("keeps below Mastodon's default limits per address: 300 requests in 5 minutes, 300 paging requests in 15", () => {
    const { requestsPerMinute, burst } = politicnetAdapter.politeness;
    expect(burst + requestsPerMinute * 5).toBeLessThanOrEqual(300);
    expect(burst + requestsPerMinute * 15).toBeLessThanOrEqual(300);
    expect(burst).toBeGreaterThanOrEqual(21); // one pages=20 call (a lookup and 20 pages) in one go
  });
});
