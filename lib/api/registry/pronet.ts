// The pronet (professional network) family: post search.
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { bool, int, params, text } from './params';
import type { EndpointDefinition } from './types';

// Pronet post (element of `posts`)
const pronetPostSchema = z.strictObject({
  /** The author's name followed by a platform label. */
  title: z.string(),
  url: z.string(),
  date: utcDate,
  author: z.string(),
  /** The author's headline (role and company) as the profile shows it; empty for a company page. */
  author_headline: z.string(),
  author_url: z.string(),
  /** person or company. */
  author_type: z.enum(['person', 'company']),
  source: z.string(),
  domain: z.string(),
  snippet: z.string(),
  likes: count,
  comments: count,
  reposts: count,
  hashtags: z.array(z.string()),
  /** The post's activity id. */
  post_id: z.string(),
  sentiment: sentimentField,
});
export type PronetPost = z.infer<typeof pronetPostSchema>;

const pronetPostsParams = params({
  query: text(500),
  page: int(1, 25, 1),
  get_sentiment: bool(),
});

const pronetPostsResponse = z.strictObject({
  posts: z.array(pronetPostSchema),
  query: z.string(),
  page: count,
  has_next_page: z.boolean(),
  count,
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const pronetEndpoints = [
  // GET /v1/pronet/posts: post search one page at a time, billed per request
  {
    path: '/v1/pronet/posts',
    family: 'pronet',
    method: 'GET',
    summary: 'Search posts',
    description:
      'Post search, 10 posts per page, one page per request (`page` 1-25). `has_next_page` says whether ' +
      'the next page holds more. The platform has no public API: the family is served by the sandbox or ' +
      "an operator's upstream (UPSTREAM_PRONET_URL).",
    params: pronetPostsParams,
    response: pronetPostsResponse,
    priceMicros: 6000,
    billingUnit: 'request',
    pageSize: 10,
    paging: { param: 'page', max: 25 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet' },
    billedErrors: {},
    example: { query: 'hiring data engineers', page: '2' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
