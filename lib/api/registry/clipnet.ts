// The clipnet (short-video) family: video comments and replies, video search, a user's videos
// and a user's followers. Every endpoint is billed per page returned.
import { z } from 'zod';
import { count } from './common';
import {
  clipnetCommentSchema,
  clipnetFollowerSchema,
  clipnetReplySchema,
  clipnetSearchVideoSchema,
  clipnetUserVideoSchema,
} from './clipnet-records';
import { bool, exactlyOne, int, oneOf, params, text, username } from './params';
import type { EndpointDefinition } from './types';

/** The spec gives no maximum for followers pages; 100 pages (10,000 followers) bounds one call. */
export const CLIPNET_FOLLOWERS_MAX_PAGES = 100;

const videoId = text(30).regex(/^\d+$/, { error: 'must be a numeric video ID' });
const commentId = text(50).regex(/^\d+$/, { error: 'must be a numeric comment ID' });
// The spec gives no length for user_id (numeric IDs or sec_uid strings); 100 bounds abuse.
const userId = text(100);
const videoUrl = text(500);
const user = {
  username: username(100).optional(),
  user_id: userId.optional(),
  url: text(500).optional(),
};

const clipnetVideoCommentsParams = params(
  { url: videoUrl.optional(), video_id: videoId.optional(), pages: int(1, 1000, 1), get_sentiment: bool() },
  exactlyOne('url', 'video_id'),
);
const clipnetCommentRepliesParams = params(
  {
    url: videoUrl.optional(),
    video_id: videoId.optional(),
    comment_id: commentId,
    pages: int(1, 1000, 1),
    get_sentiment: bool(),
  },
  exactlyOne('url', 'video_id'),
);
const clipnetVideosParams = params({
  query: text(500),
  pages: int(1, 10, 1),
  region: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'must be a 2-letter country code' })
    .optional(),
  publish_time: oneOf(['0', '1', '7', '30', '90', '180'], '0').transform(Number),
  sort_by: oneOf(['relevance', 'most_recent', 'most_liked'], 'relevance'),
  get_sentiment: bool(),
});
const clipnetUserVideosParams = params(
  { ...user, pages: int(1, 1000, 1), get_sentiment: bool() },
  exactlyOne('username', 'user_id', 'url'),
);
const clipnetUserFollowersParams = params(
  { ...user, pages: int(1, CLIPNET_FOLLOWERS_MAX_PAGES, 1), get_sentiment: bool() },
  exactlyOne('username', 'user_id', 'url'),
);

const clipnetVideoCommentsResponse = z.strictObject({
  comments: z.array(clipnetCommentSchema),
  video_id: z.string(),
  total: count,
  pages: count,
  count,
});
const clipnetCommentRepliesResponse = z.strictObject({
  replies: z.array(clipnetReplySchema),
  comment_id: z.string(),
  video_id: z.string(),
  total: count,
  pages: count,
  count,
});
const clipnetVideosResponse = z.strictObject({ videos: z.array(clipnetSearchVideoSchema), pages: count, count });
const clipnetUserVideosResponse = z.strictObject({
  videos: z.array(clipnetUserVideoSchema),
  username: z.string(),
  pages: count,
  count,
});
const clipnetUserFollowersResponse = z.strictObject({
  followers: z.array(clipnetFollowerSchema),
  username: z.string(),
  user_id: z.string(),
  total: count,
  pages: count,
  count,
});

const shared = { family: 'clipnet', method: 'GET', priceMicros: 6000, billingUnit: 'page', concurrency: 10 } as const;

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const clipnetEndpoints = [
  // GET /v1/clipnet/video/comments: top-level comments of a video, billed per page
  {
    ...shared,
    path: '/v1/clipnet/video/comments',
    summary: 'List the comments of a video',
    description:
      'Top-level comments in the default order, up to 50 per page, for a video given by `url` (short links ' +
      'accepted) or numeric `video_id`; exactly one. `total` is as reported by the platform, but only roughly the ' +
      'first 450 comments are exposed. Replies are not included.',
    params: clipnetVideoCommentsParams,
    response: clipnetVideoCommentsResponse,
    pageSize: 50,
    paging: { param: 'pages', max: 1000 },
    sentiment: true,
    sentimentTarget: { list: 'comments', text: 'text' },
    billedErrors: {},
    example: { video_id: '7301234567890123456' } as Record<string, string>,
  },
  // GET /v1/clipnet/comment/replies: replies to one comment, billed per page
  {
    ...shared,
    path: '/v1/clipnet/comment/replies',
    summary: 'List the replies to a comment',
    description:
      'Replies to the numeric `comment_id`, up to 50 per page, on a video given by `url` or `video_id` (exactly one).',
    params: clipnetCommentRepliesParams,
    response: clipnetCommentRepliesResponse,
    pageSize: 50,
    paging: { param: 'pages', max: 1000 },
    sentiment: true,
    sentimentTarget: { list: 'replies', text: 'text' },
    billedErrors: {},
    example: { video_id: '7301234567890123456', comment_id: '7301299887766554433' } as Record<string, string>,
  },
  // GET /v1/clipnet/videos: video search, billed per page
  {
    ...shared,
    path: '/v1/clipnet/videos',
    summary: 'Search videos',
    description:
      'Video search by keyword, optionally limited to a 2-letter `region` and a `publish_time` window in days ' +
      '(0 all, 1, 7, 30, 90, 180).',
    params: clipnetVideosParams,
    response: clipnetVideosResponse,
    paging: { param: 'pages', max: 10 },
    sentiment: true,
    sentimentTarget: { list: 'videos', text: 'snippet' },
    billedErrors: {},
    example: { query: 'street food', region: 'US', sort_by: 'most_liked' } as Record<string, string>,
  },
  // GET /v1/clipnet/user/videos: a user's videos and photo posts, billed per page
  {
    ...shared,
    path: '/v1/clipnet/user/videos',
    summary: "List a user's videos",
    description:
      'Videos of a user given by `username`, `user_id` or profile `url` (exactly one), about 30 per page, newest ' +
      'first. Photo posts are included with `images` set and `duration` 0. Video and image URLs are temporary.',
    params: clipnetUserVideosParams,
    response: clipnetUserVideosResponse,
    pageSize: 30,
    paging: { param: 'pages', max: 1000 },
    sentiment: true,
    sentimentTarget: { list: 'videos', text: 'snippet' },
    billedErrors: {},
    example: { username: 'chef.maya' } as Record<string, string>,
  },
  // GET /v1/clipnet/user/followers: a user's followers, billed per page
  {
    ...shared,
    path: '/v1/clipnet/user/followers',
    summary: "List a user's followers",
    description:
      'Followers of a user given by `username`, `user_id` or profile `url` (exactly one), 100 per page, newest ' +
      'first. The spec does not state a maximum for `pages`; this service caps it at ' +
      `${CLIPNET_FOLLOWERS_MAX_PAGES}. A private account answers 403 limited_account. With get_sentiment the ` +
      "analysis is of each follower's bio.",
    params: clipnetUserFollowersParams,
    response: clipnetUserFollowersResponse,
    pageSize: 100,
    paging: { param: 'pages', max: CLIPNET_FOLLOWERS_MAX_PAGES },
    sentiment: true,
    sentimentTarget: { list: 'followers', text: 'bio' },
    billedErrors: {},
    example: { username: 'chef.maya', pages: '2' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
