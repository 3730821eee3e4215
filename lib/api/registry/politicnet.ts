// The politicnet (political microblogging) family: a user's posts.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { bool, int, params, username } from './params';
import type { EndpointDefinition } from './types';

// Politicnet post (element of `posts`)
export const politicnetPostSchema = z.strictObject({
  title: z.string(),
  url: z.string(),
  date: utcDate,
  author: z.string(),
  source: z.string(),
  domain: z.string(),
  /** Plain text; the original markup is in content_html. */
  snippet: z.string(),
  likes: count,
  replies: count,
  reposts: count,
  post_id: z.string(),
  content_html: z.string(),
  media: z.array(z.strictObject({ media_id: z.string(), type: z.string(), url: z.string(), description: z.string() })),
  hashtags: z.array(z.string()),
  language: z.string(),
  visibility: z.string(),
  sensitive: z.boolean(),
  spoiler_text: z.string(),
  sponsored: z.boolean(),
  is_reply: z.boolean(),
  in_reply_to_id: z.string(),
  sentiment: sentimentField,
});
export type PoliticnetPost = z.infer<typeof politicnetPostSchema>;

const politicnetUserPostsParams = params({
  username: username(100),
  pages: int(1, 20, 1),
  get_sentiment: bool(),
});

const politicnetUserPostsResponse = z.strictObject({
  posts: z.array(politicnetPostSchema),
  username: z.string(),
  pages: count,
  count,
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const politicnetEndpoints = [
  // GET /v1/politicnet/user/posts: a user's posts newest first, billed per page
  {
    path: '/v1/politicnet/user/posts',
    family: 'politicnet',
    method: 'GET',
    summary: "List a user's posts",
    description:
      "A user's posts, up to 20 per page, newest first, replies included; `username` accepts a leading @. " +
      'Unknown user: 404 not_found, not billed.',
    params: politicnetUserPostsParams,
    response: politicnetUserPostsResponse,
    priceMicros: 6000,
    billingUnit: 'page',
    pageSize: 20,
    paging: { param: 'pages', max: 20 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet' },
    billedErrors: {},
    example: { username: '@civic_watch', pages: '3' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
