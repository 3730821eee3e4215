// The forum site's JSON (Reddit's listing and about.json payloads, requested with raw_json=1)
// and the spec's forumsite records made from it. Pure: no I/O, no clock; the platform's
// source/domain come in as an argument. The field table is in docs/data-sources.md.
import { compile } from 'html-to-text';
import { z } from 'zod';
import type { ForumsiteCommunity, ForumsitePost } from '../../../registry/forumsite';

/** Where the platform's own pages live: post, author and community links point here. */
export const FORUMSITE_WEB = 'https://www.reddit.com';

/** The platform's display name and domain (the adapter's `site`, LiveContext.site). */
export interface Site {
  source: string;
  domain: string;
}

const str = z.string();
const optionalText = str.nullish();
const redditVideo = z.object({ fallback_url: str.optional(), hls_url: str.nullish() }).nullish();
const media = z.object({ reddit_video: redditVideo }).nullish();

/** One post (a `t3` thing's `data`). Only the fields the record reads; the others are ignored. */
export const postPayload = z.object({
  id: z.string().regex(/^[0-9a-z]+$/),
  title: str,
  permalink: str,
  created_utc: z.number(),
  author: str,
  subreddit: str,
  score: z.number().int(),
  upvote_ratio: z.number().min(0).max(1),
  num_comments: z.number().int().min(0),
  num_crossposts: z.number().int().min(0).optional(),
  link_flair_text: optionalText,
  is_self: z.boolean(),
  is_video: z.boolean(),
  url: str,
  url_overridden_by_dest: str.optional(),
  thumbnail: optionalText,
  selftext_html: optionalText,
  over_18: z.boolean(),
  spoiler: z.boolean(),
  locked: z.boolean(),
  stickied: z.boolean(),
  domain: str.optional(),
  post_hint: str.optional(),
  media,
  secure_media: media,
  gallery_data: z.object({ items: z.array(z.object({ media_id: str })) }).nullish(),
  media_metadata: z
    .record(
      str,
      z.object({ status: str.optional(), s: z.object({ u: str.optional(), gif: str.optional() }).optional() }),
    )
    .nullish(),
});
export type PostPayload = z.infer<typeof postPayload>;

/** A listing page: GET /r/{community}/{sort}.json. Children of other kinds are not posts. */
export const listingPayload = z.object({
  kind: z.literal('Listing'),
  data: z.object({
    after: str.nullish(),
    children: z.array(z.object({ kind: str, data: z.unknown() })),
  }),
});

/** One community: GET /r/{community}/about.json answers `{ kind: 't5', data }`. */
export const communityPayload = z.object({
  display_name: str,
  name: str,
  title: str,
  public_description: optionalText,
  description: optionalText,
  url: str,
  subscribers: z.number().int().min(0).nullish(),
  created_utc: z.number(),
  subreddit_type: str,
  over18: z.boolean().nullish(),
  quarantine: z.boolean().nullish(),
  community_icon: optionalText,
  icon_img: optionalText,
  banner_background_image: optionalText,
  banner_img: optionalText,
  mobile_banner_image: optionalText,
  lang: optionalText,
});
export type CommunityPayload = z.infer<typeof communityPayload>;

/** Unix seconds (the platform sends floats such as 1594424685.0) as the spec's UTC text. */
export function utcText(seconds: number): string {
  return new Date(Math.floor(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

/** Compiled once: html-to-text's convert() compiles its options on every call. */
const toText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    ...headings,
    { selector: 'table', format: 'dataTable' },
  ],
});

/** The post body's HTML (selftext_html) as plain text: links keep their words, images are left out. */
export function htmlText(html: string): string {
  return toText(html).trim();
}

/** The thumbnail when it is an address; the platform's placeholders (self, default, nsfw, spoiler, image) are none. */
function thumbnailOf(value: string | null | undefined): string {
  return value && /^https?:\/\//.test(value) ? value : '';
}

/** Full-size image addresses: a gallery's items in order, or the image of an image post. */
function imagesOf(post: PostPayload): string[] {
  if (post.gallery_data && post.media_metadata) {
    const images: string[] = [];
    for (const item of post.gallery_data.items) {
      const meta = post.media_metadata[item.media_id];
      const url = meta?.status === 'failed' ? undefined : (meta?.s?.u ?? meta?.s?.gif);
      if (url) images.push(url);
    }
    return images;
  }
  const link = post.url_overridden_by_dest ?? post.url;
  return post.post_hint === 'image' || post.domain === 'i.redd.it' ? [link] : [];
}

export function mapPost(post: PostPayload, site: Site): ForumsitePost {
  const deleted = post.author === '[deleted]';
  const video = post.secure_media?.reddit_video ?? post.media?.reddit_video ?? null;
  const body = post.selftext_html ? htmlText(post.selftext_html) : '';
  return {
    post_id: post.id,
    title: post.title,
    url: FORUMSITE_WEB + post.permalink,
    date: utcText(post.created_utc),
    author: post.author,
    author_url: deleted ? '' : `${FORUMSITE_WEB}/user/${encodeURIComponent(post.author)}/`,
    source: site.source,
    domain: site.domain,
    snippet: body || post.title,
    community: post.subreddit,
    upvotes: post.score,
    upvote_ratio: post.upvote_ratio,
    comments: post.num_comments,
    crossposts: post.num_crossposts ?? 0,
    flair: post.link_flair_text ?? '',
    link_url: post.is_self ? '' : (post.url_overridden_by_dest ?? post.url),
    thumbnail: thumbnailOf(post.thumbnail),
    is_video: post.is_video,
    nsfw: post.over_18,
    spoiler: post.spoiler,
    locked: post.locked,
    stickied: post.stickied,
    video_url: video?.fallback_url ?? '',
    video_hls_url: video?.hls_url ?? '',
    images: imagesOf(post),
  };
}

const communityTypes = ['public', 'restricted', 'private', 'archived', 'employees_only', 'gold_only', 'user'] as const;

function statusOf(community: CommunityPayload): ForumsiteCommunity['status'] {
  if (community.quarantine) return 'quarantined';
  if (community.subreddit_type === 'private') return 'private';
  if (community.subreddit_type === 'gold_only') return 'gold_only';
  return 'active';
}

export function mapCommunity(community: CommunityPayload): ForumsiteCommunity {
  const status = statusOf(community);
  const type = (communityTypes as readonly string[]).includes(community.subreddit_type)
    ? (community.subreddit_type as ForumsiteCommunity['type'])
    : '';
  return {
    name: community.display_name,
    subreddit_id: community.name,
    title: community.title,
    description: community.public_description ?? '',
    sidebar: community.description ?? '',
    url: FORUMSITE_WEB + community.url,
    subscribers: status === 'active' ? (community.subscribers ?? null) : null,
    // about.json carries no weekly figures (active_user_count is the users online now).
    weekly_active_users: null,
    weekly_contributions: null,
    created_at: utcText(community.created_utc),
    type,
    status,
    nsfw: community.over18 ?? false,
    quarantined: community.quarantine ?? false,
    icon: community.community_icon || community.icon_img || '',
    banner: community.banner_background_image || community.banner_img || community.mobile_banner_image || '',
    language: community.lang ?? '',
  };
}
