// The openmicro (open microblogging) family: post search.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { bool, date, inOrder, int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';

// Openmicro post (element of `posts`)
export const openmicroPostSchema = z.strictObject({
  /** "@handle" followed by a platform label. */
  title: z.string(),
  url: z.string(),
  date: utcDate,
  author: z.string(),
  author_name: z.string(),
  /** The permanent account ID (a DID); handles can change. */
  author_id: z.string(),
  author_verified: z.boolean(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  likes: count,
  replies: count,
  reposts: count,
  quotes: count,
  bookmarks: count,
  lang: z.string(),
  is_reply: z.boolean(),
  in_reply_to_id: z.string(),
  is_quote: z.boolean(),
  quoted_post: z
    .strictObject({
      post_id: z.string(),
      url: z.string(),
      date: utcDate,
      author: z.string(),
      author_name: z.string(),
      author_verified: z.boolean(),
      snippet: z.string(),
      likes: count,
      reposts: count,
    })
    .nullable(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  links: z.array(z.string()),
  link_preview: z
    .strictObject({ url: z.string(), title: z.string(), description: z.string(), image_url: z.string() })
    .nullable(),
  media_type: z.enum(['text', 'image', 'video', 'carousel']),
  image_url: z.string(),
  video_url: z.string(),
  carousel_media: z.array(
    z.strictObject({ image_url: z.string(), thumbnail_url: z.string(), alt: z.string(), width: count, height: count }),
  ),
  /** The post's URI (at://...), passed to the post endpoints. */
  post_id: z.string(),
  sentiment: sentimentField,
});
export type OpenmicroPost = z.infer<typeof openmicroPostSchema>;

/** A window that ends before it starts can match nothing: a caller error, not an empty result. */
const datesInOrder = inOrder(
  'start_date',
  'end_date',
  'end_date',
  "Invalid parameters: 'end_date' must not be before 'start_date'",
);

const openmicroPostsParams = params(
  {
    query: text(500),
    pages: int(1, 20, 1),
    sort_by: oneOf(['most_recent', 'relevance'], 'most_recent'),
    start_date: date(),
    end_date: date(),
    get_sentiment: bool(),
  },
  datesInOrder,
);

const openmicroPostsResponse = z.strictObject({ posts: z.array(openmicroPostSchema), pages: count, count });

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const openmicroEndpoints = [
  // GET /v1/openmicro/posts: post search, billed per page
  {
    path: '/v1/openmicro/posts',
    family: 'openmicro',
    method: 'GET',
    summary: 'Search posts',
    description:
      'Post search, up to 50 posts per page. The query supports search operators: quoted phrases, -exclude, ' +
      'from:, lang:, domain: and #tag. start_date and end_date (YYYY-MM-DD, UTC) bound the window inclusively. ' +
      'On live data, posts that still hold an -excluded word are left out after fetching: a page is billed as ' +
      'the platform returned it, so it may hold fewer than 50 posts. ' +
      '`post_id` is the URI to pass to the post endpoints.',
    params: openmicroPostsParams,
    response: openmicroPostsResponse,
    priceMicros: 3000,
    billingUnit: 'page',
    pageSize: 50,
    paging: { param: 'pages', max: 20 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet' },
    billedErrors: {},
    example: { query: '"climate policy" lang:en', pages: '2', start_date: '2026-01-01' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
