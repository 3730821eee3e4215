// The xnet (short-post network) family: post search.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { bool, int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';

// Xnet post (element of `posts`)
const xnetPostSchema = z.strictObject({
  /** "@username on <source>". */
  title: z.string(),
  url: z.string(),
  date: utcDate,
  /** The author's username, without @. */
  author: z.string(),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  likes: count,
  retweets: count,
  replies: count,
  quotes: count,
  bookmarks: count,
  /** Null when the platform does not give a view count. */
  views: count.nullable(),
  author_followers: count,
  author_verified: z.boolean(),
  lang: z.string(),
  is_reply: z.boolean(),
  is_quote: z.boolean(),
  hashtags: z.array(z.string()),
  user_mentions: z.array(z.string()),
  /** The post's numeric id. */
  post_id: z.string(),
  sentiment: sentimentField,
});
export type XnetPost = z.infer<typeof xnetPostSchema>;

const xnetPostsParams = params({
  query: text(500),
  pages: int(1, 10, 1),
  sort_by: oneOf(['most_recent', 'relevance'], 'most_recent'),
  get_sentiment: bool(),
});

const xnetPostsResponse = z.strictObject({ posts: z.array(xnetPostSchema), pages: count, count });

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const xnetEndpoints = [
  // GET /v1/xnet/posts: post search over the last days, billed per page
  {
    path: '/v1/xnet/posts',
    family: 'xnet',
    method: 'GET',
    summary: 'Search posts',
    description:
      'Post search, up to 20 posts per page, newest first (most_recent) or by relevance. On live data the ' +
      'platform searches its last seven days and accepts its own operators in `query` (from:, lang:, -is:retweet, #tag). ' +
      '`views` is null when the platform does not give a view count.',
    params: xnetPostsParams,
    response: xnetPostsResponse,
    priceMicros: 6000,
    billingUnit: 'page',
    pageSize: 20,
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet' },
    billedErrors: {},
    example: { query: 'climate policy lang:en', pages: '2' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
