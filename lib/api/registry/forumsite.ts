// Forumsite family: a community's posts and details, post search across communities, a post's comments.
import { z } from 'zod';
import { sentimentField, utcDate } from './common';
import { bool, exactlyOne, int, oneOf, onlyWith, params, text } from './params';
import type { EndpointDefinition } from './types';

export const forumsiteSorts = ['hot', 'most_recent', 'top', 'rising', 'controversial'] as const;
const forumsitePostedAgo = ['1h', '24h', '7d', '30d', '12m', 'all'] as const;

// Element of `posts` (GET /v1/forumsite/community/posts).
export const forumsitePostSchema = z.strictObject({
  post_id: z.string().regex(/^[0-9a-z]+$/, { error: 'must be a base-36 ID' }),
  title: z.string(),
  url: z.string(),
  date: utcDate,
  /** The literal "[deleted]" for a deleted account. */
  author: z.string(),
  /** Empty for a deleted account. */
  author_url: z.string(),
  source: z.string(),
  domain: z.string(),
  /** The post text, or the title for link, image and video posts. */
  snippet: z.string(),
  community: z.string(),
  /** Net votes; can be negative. */
  upvotes: z.number().int(),
  upvote_ratio: z.number().min(0).max(1),
  comments: z.number().int().min(0),
  crossposts: z.number().int().min(0),
  flair: z.string(),
  link_url: z.string(),
  thumbnail: z.string(),
  is_video: z.boolean(),
  nsfw: z.boolean(),
  spoiler: z.boolean(),
  locked: z.boolean(),
  stickied: z.boolean(),
  /** MP4, possibly silent; may expire. Empty unless a hosted video. */
  video_url: z.string(),
  /** HLS with sound; may expire. Empty unless a hosted video. */
  video_hls_url: z.string(),
  images: z.array(z.string()),
  sentiment: sentimentField,
});

// Field `community` (GET /v1/forumsite/community).
export const forumsiteCommunitySchema = z.strictObject({
  name: z.string(),
  subreddit_id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Markdown. */
  sidebar: z.string(),
  url: z.string(),
  subscribers: z.number().int().min(0).nullable(),
  weekly_active_users: z.number().int().min(0).nullable(),
  weekly_contributions: z.number().int().min(0).nullable(),
  created_at: utcDate,
  type: z.enum(['public', 'restricted', 'private', 'archived', 'employees_only', 'gold_only', 'user', '']),
  status: z.enum(['active', 'private', 'gold_only', 'banned', 'quarantined']),
  nsfw: z.boolean(),
  quarantined: z.boolean(),
  icon: z.string(),
  banner: z.string(),
  language: z.string(),
});

const forumsitePostsResponse = z.strictObject({
  posts: z.array(forumsitePostSchema),
  community: z.string(),
  sort_by: z.enum(forumsiteSorts),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

const forumsiteCommunityResponse = z.strictObject({ community: forumsiteCommunitySchema });

const forumsiteSearchSorts = ['relevance', 'hot', 'top', 'most_recent', 'comments'] as const;

const forumsiteSearchResponse = z.strictObject({
  posts: z.array(forumsitePostSchema),
  query: z.string(),
  sort_by: z.enum(forumsiteSearchSorts),
  page: z.number().int().min(1),
  /** Whether a next `page` holds results (false on the last page of the results). */
  has_next_page: z.boolean(),
  count: z.number().int().min(0),
});

// Element of `comments` (GET /v1/forumsite/post/comments): the thread flattened in reading order.
const forumsiteCommentSchema = z.strictObject({
  comment_id: z.string().regex(/^[0-9a-z]+$/, { error: 'must be a base-36 ID' }),
  post_id: z.string(),
  /** The comment this one replies to; empty for a top-level comment. */
  parent_id: z.string(),
  /** 0 for a top-level comment, 1 for a reply to it, and so on. */
  depth: z.number().int().min(0),
  url: z.string(),
  /** The comment as plain text ("[deleted]" or "[removed]" when it was). */
  text: z.string(),
  date: utcDate,
  /** The literal "[deleted]" for a deleted account. */
  author: z.string(),
  /** Empty for a deleted account. */
  author_url: z.string(),
  source: z.string(),
  domain: z.string(),
  community: z.string(),
  /** Net votes; can be negative. */
  upvotes: z.number().int(),
  edited: z.boolean(),
  stickied: z.boolean(),
  sentiment: sentimentField,
});

const forumsiteCommentsResponse = z.strictObject({
  comments: z.array(forumsiteCommentSchema),
  post_id: z.string(),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

/** A community name with or without its "r/" or "/r/" prefix; the prefix is removed. */
const communityName = text(100)
  .transform((v) => v.replace(/^\/?r\//i, ''))
  .pipe(
    z.string().regex(/^[A-Za-z0-9_]{2,100}$/, { error: 'must be a community name (letters, digits, underscores)' }),
  );
/** A community URL: any URL whose path names the community as /r/<name>. */
const communityUrl = text(500).regex(/\/r\/[A-Za-z0-9_]{2,}/i, {
  error: 'must be a community URL containing /r/<name>',
});
/** A post's base-36 ID, with or without its "t3_" prefix; the prefix is removed. */
const postId = text(20)
  .transform((v) => v.replace(/^t3_/i, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-z]{1,13}$/, { error: 'must be a base-36 post ID' }));
/** A post URL: its /comments/<id> path (any community, any host) or a short redd.it/<id> link. */
export const POST_URL_PATTERN = /(?:\/comments\/|redd\.it\/)([0-9a-z]{1,13})(?:[/?#]|$)/i;
const postUrl = text(500).regex(POST_URL_PATTERN, {
  error: 'must be a post URL containing /comments/<id> (or redd.it/<id>)',
});

export const forumsiteEndpoints = [
  // GET /v1/forumsite/community/posts: a community's posts, billed per page
  {
    path: '/v1/forumsite/community/posts',
    family: 'forumsite',
    summary: "A forumsite community's posts",
    description:
      'Posts of one community, 25 per page, about 1,000 posts maximum per sort. Provide exactly one of `community` ' +
      '(name, with or without its r/ prefix, max 100) or `url` (max 500). sort_by hot (default), most_recent, top, rising, ' +
      'controversial. posted_ago (1h, 24h, 7d, 30d, 12m, all) is only valid with sort_by top or controversial and ' +
      'is rejected with any other sort_by; when omitted there it means 24h. `flair` is an exact, case-insensitive ' +
      'match (max 64); requests with flair are slower (seconds per page, up to about 20 seconds for a rare flair). ' +
      'Responses are capped at about 3.5 MB, so very long posts can end a request early; only pages returned are ' +
      'billed. NSFW communities work. Private or banned communities return 404 not_found.',
    params: params(
      {
        community: communityName.optional(),
        url: communityUrl.optional(),
        sort_by: oneOf(forumsiteSorts, 'hot'),
        posted_ago: oneOf(forumsitePostedAgo),
        flair: text(64).optional(),
        pages: int(1, 40, 1),
        get_sentiment: bool(),
      },
      exactlyOne('community', 'url'),
      onlyWith('posted_ago', 'sort_by', ['top', 'controversial']),
    ),
    response: forumsitePostsResponse,
    priceMicros: 3000,
    billingUnit: 'page',
    pageSize: 25,
    paging: { param: 'pages', max: 40 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet', title: 'title' },
    billedErrors: {},
    method: 'GET',
    example: { community: 'r/AskScience', sort_by: 'top', posted_ago: '7d', pages: '2' },
  },
  // GET /v1/forumsite/community: one community's details, billed per request
  {
    path: '/v1/forumsite/community',
    family: 'forumsite',
    summary: 'Forumsite community details',
    description:
      'Details of one community. Provide exactly one of `community` (name, with or without its r/ prefix, max 100) ' +
      'or `url` (max 500). A community whose status is not active (private, gold_only, banned, quarantined) still returns ' +
      'its publicly visible data (name, ID, creation date, description); subscriber and activity counts are then null.',
    params: params(
      { community: communityName.optional(), url: communityUrl.optional() },
      exactlyOne('community', 'url'),
    ),
    response: forumsiteCommunityResponse,
    priceMicros: 3000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { community: 'AskScience' },
  },
  // GET /v1/forumsite/posts: post search across every community, one page of 25 per call, billed per request
  {
    path: '/v1/forumsite/posts',
    family: 'forumsite',
    summary: 'Search forumsite posts',
    description:
      "Searches posts across all communities (`query`, max 500; the platform's search syntax such as " +
      'subreddit:<name>, author:<name>, title:<words> and quoted phrases works). One page of 25 posts per call: `page` ' +
      '1-12 (default 1), so about 300 results per query; `has_next_page` is false on the last page. sort_by relevance ' +
      '(default), hot, top, most_recent, comments; posted_ago 1h, 24h, 7d, 30d, 12m or all (default) limits the ' +
      'posts by age. A search that finds nothing answers an empty `posts` and is billed as one request.',
    params: params({
      query: text(500),
      sort_by: oneOf(forumsiteSearchSorts, 'relevance'),
      posted_ago: oneOf(forumsitePostedAgo, 'all'),
      page: int(1, 12, 1),
      get_sentiment: bool(),
    }),
    response: forumsiteSearchResponse,
    priceMicros: 3000,
    billingUnit: 'request',
    pageSize: 25,
    paging: { param: 'page', max: 12 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'posts', text: 'snippet', title: 'title' },
    billedErrors: {},
    method: 'GET',
    example: { query: 'rust async runtime', sort_by: 'top', posted_ago: '12m', page: '1' },
  },
  // GET /v1/forumsite/post/comments: a post's comment thread, flattened, billed per page
  {
    path: '/v1/forumsite/post/comments',
    family: 'forumsite',
    summary: "A forumsite post's comments",
    description:
      'The comments of one post, replies included, flattened in reading order (each comment followed by its ' +
      'replies) with `depth` (0 for top-level) and `parent_id` (empty for top-level). Provide exactly one of ' +
      '`post_id` (base-36, with or without its t3_ prefix) or `url` (a post URL with /comments/<id>, or redd.it/<id>; ' +
      'max 500). Page 1 is the thread as the platform first shows it (up to about 100 comments, best first); each ' +
      'further page loads one collapsed "more replies" branch, widest level first, so a page holds a varying number ' +
      'of comments. `pages` 1-10 (default 1); the call stops early when no branch is left, and only pages returned ' +
      'are billed. An unknown, deleted or private post answers 404 not_found, not billed.',
    params: params(
      { post_id: postId.optional(), url: postUrl.optional(), pages: int(1, 10, 1), get_sentiment: bool() },
      exactlyOne('post_id', 'url'),
    ),
    response: forumsiteCommentsResponse,
    priceMicros: 3000,
    billingUnit: 'page',
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'comments', text: 'text' },
    billedErrors: {},
    method: 'GET',
    example: { post_id: '3hahrw', pages: '2' },
  },
] satisfies EndpointDefinition[];

export type ForumsitePost = z.infer<typeof forumsitePostSchema>;
export type ForumsiteCommunity = z.infer<typeof forumsiteCommunitySchema>;
export type ForumsiteComment = z.infer<typeof forumsiteCommentSchema>;
