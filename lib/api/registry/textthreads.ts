// Textthreads family: a user's posts.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { int, params, username } from './params';
import type { EndpointDefinition } from './types';

const mediaType = z.enum(['text', 'image', 'video', 'carousel', 'audio']);

// The spec lists carousel_media, link_preview and quoted_post without their fields; these are the
// fields the upstream exposes for them.
const textthreadsCarouselItemSchema = z.strictObject({
  media_type: z.enum(['image', 'video']),
  image_url: z.string(),
  video_url: z.string(),
  /** Null where the platform does not give dimensions (the live Threads API does not). */
  width: count.nullable(),
  height: count.nullable(),
});
const textthreadsLinkPreviewSchema = z.strictObject({
  url: z.string(),
  display_url: z.string(),
  title: z.string(),
  image_url: z.string(),
});
const textthreadsQuotedPostSchema = z.strictObject({
  post_id: z.string(),
  code: z.string(),
  url: z.string(),
  author: z.string(),
  author_name: z.string(),
  author_verified: z.boolean(),
  snippet: z.string(),
  date: utcDate,
});

// Element of `posts` (GET /v1/textthreads/user/posts). No view counts exist on the platform. The
// fields marked nullable are null where the platform does not give them: the live Threads API
// gives another profile's posts without counts, pins, dimensions or the author's name and badge
// (docs/data-sources.md).
export const textthreadsPostSchema = z.strictObject({
  /** "@handle on <platform>", as the platform titles a post page. */
  title: z.string(),
  url: z.string(),
  date: utcDate,
  author: z.string(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  likes: count.nullable(),
  replies: count.nullable(),
  reposts: count.nullable(),
  quotes: count.nullable(),
  reshares: count.nullable(),
  author_name: z.string(),
  author_verified: z.boolean().nullable(),
  is_reply: z.boolean(),
  is_pinned: z.boolean().nullable(),
  media_type: mediaType,
  /** Empty for text-only posts. */
  image_url: z.string(),
  /** Empty unless a video. */
  video_url: z.string(),
  /** Pixels of the main media; 0 for text-only posts. */
  width: count.nullable(),
  height: count.nullable(),
  has_audio: z.boolean().nullable(),
  /** Who may reply: everyone, accounts_you_follow or mentioned_only. */
  reply_control: z.string(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  carousel_media: z.array(textthreadsCarouselItemSchema),
  link_preview: textthreadsLinkPreviewSchema.nullable(),
  quoted_post: textthreadsQuotedPostSchema.nullable(),
  post_id: z.string(),
  /** The shortcode in the post URL. */
  code: z.string(),
  sentiment: sentimentField,
});

const textthreadsUserPostsResponse = z.strictObject({
  posts: z.array(textthreadsPostSchema),
  pages: count,
  count,
});

export const textthreadsEndpoints = [
  // GET /v1/textthreads/user/posts: a user's posts, newest first, billed per page
  {
    path: '/v1/textthreads/user/posts',
    family: 'textthreads',
    summary: "A textthreads user's posts",
    description:
      "A user's posts, newest first, replies included, up to about 35 per page. `username` (max 100) may start " +
      'with @. No view counts exist. The spec shows a sentiment field on posts but no get_sentiment parameter, so ' +
      'get_sentiment is not accepted here. An unknown user answers 404 not_found, billed as one request whatever ' +
      '`pages` was. Only pages returned are billed.',
    params: params({ username: username(100), pages: int(1, 60, 1) }),
    response: textthreadsUserPostsResponse,
    priceMicros: 6000,
    billingUnit: 'page',
    pageSize: 35,
    paging: { param: 'pages', max: 60 },
    concurrency: 10,
    sentiment: false,
    sentimentTarget: { list: 'posts', text: 'snippet' },
    billedErrors: { not_found: 1 },
    method: 'GET',
    example: { username: '@nasa', pages: '2' },
  },
] satisfies EndpointDefinition[];

export type TextthreadsPost = z.infer<typeof textthreadsPostSchema>;
