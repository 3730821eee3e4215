// The photonet family: comment replies, highlight stories, user profiles and followed accounts.
import { z } from 'zod';
import { count } from './common';
import { atLeastOne, bool, exactlyOne, int, params, text, username } from './params';
import {
  photonetCommentReplySchema,
  photonetFollowedAccountSchema,
  photonetHighlightSchema,
  photonetStorySchema,
  photonetUserSchema,
} from './photonet-records';
import type { EndpointDefinition } from './types';

const photonetCommentRepliesParams = params(
  {
    url: text(500).optional(),
    code: text(50).optional(),
    comment_id: text(50),
    pages: int(1, 10, 1),
    get_sentiment: bool(),
  },
  atLeastOne('url', 'code'),
);
const photonetHighlightStoriesParams = params({ highlight_id: text(500) });
const photonetUserParams = params(
  { username: username(100).optional(), url: text(500).optional() },
  exactlyOne('username', 'url'),
);
export const photonetFollowingParams = params(
  {
    username: username(100).optional(),
    url: text(500).optional(),
    pages: int(1, 40, 1),
    query: text(100).optional(),
  },
  atLeastOne('username', 'url'),
);

const photonetCommentRepliesResponse = z.strictObject({
  replies: z.array(photonetCommentReplySchema),
  comment_id: z.string(),
  code: z.string(),
  total: count,
  pages: count,
  count,
});
const photonetHighlightStoriesResponse = z.strictObject({
  highlight: photonetHighlightSchema,
  stories: z.array(photonetStorySchema),
  count,
});
const photonetUserResponse = z.strictObject({ user: photonetUserSchema });
const photonetFollowingResponse = z.strictObject({
  following: z.array(photonetFollowedAccountSchema),
  username: z.string(),
  /** Echoed only when `query` was passed. */
  query: z.string().optional(),
  pages: count,
  count,
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const photonetEndpoints = [
  // GET /v1/photonet/comment/replies: replies to one comment, billed per page
  {
    path: '/v1/photonet/comment/replies',
    family: 'photonet',
    method: 'GET',
    summary: 'List replies to a post comment',
    description:
      'Replies to one comment, oldest first. Provide the post or reel `url` or its `code` (shortcode or numeric ' +
      'media ID), and `comment_id` from the post-comments endpoint. `total` counts all replies; reply `url` is ' +
      'empty when the post was given by media ID. Billed per page returned; get_sentiment adds $0.001 per page.',
    params: photonetCommentRepliesParams,
    response: photonetCommentRepliesResponse,
    priceMicros: 6000,
    billingUnit: 'page',
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'replies', text: 'text' },
    billedErrors: {},
    example: { code: 'C9xQ2bLsK1a', comment_id: '18023456789012345' } as Record<string, string>,
  },
  // GET /v1/photonet/highlight/stories: every story of one highlight, billed per request
  {
    path: '/v1/photonet/highlight/stories',
    family: 'photonet',
    method: 'GET',
    summary: 'Get the stories of a highlight',
    description:
      'The highlight and all its stories, oldest first, in one call (no pagination). `highlight_id` takes the ID or ' +
      'the highlight URL. Media URLs are temporary (cover_url is valid about 6-24 hours).',
    params: photonetHighlightStoriesParams,
    response: photonetHighlightStoriesResponse,
    priceMicros: 6000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { highlight_id: '17912345678901234' } as Record<string, string>,
  },
  // GET /v1/photonet/user: a profile by username or URL, billed per request
  {
    path: '/v1/photonet/user',
    family: 'photonet',
    method: 'GET',
    summary: 'Get a user profile',
    description:
      'A profile by `username` (leading @ allowed) or profile `url`; provide exactly one. Private accounts return ' +
      'basic profile data only. Unknown user: 404 not_found, not billed.',
    params: photonetUserParams,
    response: photonetUserResponse,
    priceMicros: 6000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { username: 'natgeo' } as Record<string, string>,
  },
  // GET /v1/photonet/user/following: accounts a user follows, billed per page
  {
    path: '/v1/photonet/user/following',
    family: 'photonet',
    method: 'GET',
    summary: 'List the accounts a user follows',
    description:
      'Accounts followed by a user given by `username` or `url`, 50 per page, at most 2,000 per call. With ' +
      '`query` the list is searched instead: up to 50 matches in one page, `pages` ignored. A private account ' +
      'answers 403 private_account and hidden lists 403 limited_account; either is billed as one page.',
    params: photonetFollowingParams,
    response: photonetFollowingResponse,
    priceMicros: 6000,
    billingUnit: 'page',
    pageSize: 50,
    paging: { param: 'pages', max: 40 },
    concurrency: 10,
    sentiment: false,
    // With `query` one page of matches is returned whatever `pages` says, so one page is billed.
    maxUnits: (query) => (query.query !== undefined ? 1 : query.pages),
    billedErrors: { private_account: 1, limited_account: 1 },
    example: { username: 'natgeo', pages: '2' } as Record<string, string>,
  } satisfies EndpointDefinition<typeof photonetFollowingParams>,
] satisfies EndpointDefinition[];
