// Videosite family: channel details by ID, URL or name, video search, a video's comments.
import { z } from 'zod';
import { sentimentField, utcDate } from './common';
import { bool, exactlyOne, int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';

/** A channel ID: 24 characters, "UC" then 22 URL-safe base-64 characters. */
export const CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;
/** Channel URLs in the four forms the spec accepts: /channel/<id>, /@handle, /c/<name>, /user/<name>. */
const CHANNEL_URL_PATTERN =
  /^(?:https?:\/\/)?[^\s/?#]+\/(?:channel\/UC[A-Za-z0-9_-]{22}|@[^\s/?#]+|c\/[^\s/?#]+|user\/[^\s/?#]+)(?:[/?#]\S*)?$/i;

// Field `channel` (GET /v1/videosite/channel).
export const videositeChannelSchema = z.strictObject({
  channel_id: z.string().regex(CHANNEL_ID_PATTERN),
  channel_name: z.string(),
  description: z.string(),
  /** Human-formatted ("1.2M"); null when hidden. */
  subscriber_count: z.string().nullable(),
  /** Human-formatted; null when unavailable. */
  video_count: z.string().nullable(),
  /** Exact; null when unavailable. */
  view_count: z.number().int().min(0).nullable(),
  /** Empty when the channel does not share it. */
  country: z.string(),
  creation_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  verified: z.boolean(),
  has_business_email: z.boolean(),
  links: z.array(z.strictObject({ name: z.string(), url: z.string() })),
  profile_pic_url: z.string(),
  /** Empty when none. */
  banner: z.string(),
  url: z.string(),
});

const videositeChannelResponse = z.strictObject({ channel: videositeChannelSchema });

/** A video ID: 11 URL-safe base-64 characters. */
const VIDEO_ID_PATTERN = /^[A-Za-z0-9_-]{11}$/;
/** Video URLs: watch?v=<id>, youtu.be/<id>, /shorts/<id>, /embed/<id>, /live/<id>, /v/<id>. */
export const VIDEO_URL_PATTERN =
  /^(?:https?:\/\/)?[^\s/?#]+\/(?:watch\?(?:\S*&)?v=|shorts\/|embed\/|live\/|v\/|)([A-Za-z0-9_-]{11})(?:[&?#/]\S*)?$/i;

const videositeVideoSorts = ['relevance', 'most_recent', 'view_count', 'rating'] as const;
const videositeCommentSorts = ['top', 'most_recent'] as const;

// Element of `videos` (GET /v1/videosite/videos).
const videositeVideoSchema = z.strictObject({
  video_id: z.string().regex(VIDEO_ID_PATTERN),
  title: z.string(),
  /** The start of the description, as search results show it. */
  description: z.string(),
  url: z.string(),
  thumbnail: z.string(),
  channel_id: z.string(),
  channel_name: z.string(),
  channel_url: z.string(),
  date: utcDate,
  /** Exact counts; null when the video hides them or they are unavailable. */
  views: z.number().int().min(0).nullable(),
  likes: z.number().int().min(0).nullable(),
  comments: z.number().int().min(0).nullable(),
  /** Length in seconds; null for a live or upcoming broadcast, or when unavailable. */
  duration: z.number().int().min(0).nullable(),
  /** none, live (broadcasting now) or upcoming (a scheduled broadcast). */
  live_status: z.enum(['none', 'live', 'upcoming']),
  source: z.string(),
  domain: z.string(),
  sentiment: sentimentField,
});

const videositeVideosResponse = z.strictObject({
  videos: z.array(videositeVideoSchema),
  query: z.string(),
  sort_by: z.enum(videositeVideoSorts),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

// Element of `comments` (GET /v1/videosite/video/comments): top-level comments.
const videositeCommentSchema = z.strictObject({
  comment_id: z.string(),
  video_id: z.string(),
  text: z.string(),
  author: z.string(),
  /** Empty when the author has no channel. */
  author_channel_id: z.string(),
  author_url: z.string(),
  author_avatar: z.string(),
  likes: z.number().int().min(0),
  /** Replies to this comment (not returned here). */
  replies: z.number().int().min(0),
  date: utcDate,
  edited: z.boolean(),
  url: z.string(),
  source: z.string(),
  domain: z.string(),
  sentiment: sentimentField,
});

const videositeCommentsResponse = z.strictObject({
  comments: z.array(videositeCommentSchema),
  video_id: z.string(),
  sort_by: z.enum(videositeCommentSorts),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
});

export const videositeEndpoints = [
  // GET /v1/videosite/channel: one channel's details, flat price per request
  {
    path: '/v1/videosite/channel',
    family: 'videosite',
    summary: 'Videosite channel details',
    description:
      'Details of one channel. Provide exactly one of `id` (24 characters starting with UC, checked against ' +
      '^UC[A-Za-z0-9_-]{22}$), `url` (channel URL in /channel/<id>, /@handle, /c/<name> or /user/<name> form, max 500) ' +
      'or `name` (channel name or @handle, max 100: the platform caps channel names at 100 characters). Flat price ' +
      'whichever identifier is used. An unknown channel answers 404 channel_not_found and is not billed.',
    params: params(
      {
        id: z
          .string()
          .trim()
          .regex(CHANNEL_ID_PATTERN, { error: 'must be a 24-character channel ID starting with UC' })
          .optional(),
        url: text(500)
          .regex(CHANNEL_URL_PATTERN, { error: 'must be a channel URL in /channel/, /@handle, /c/ or /user/ form' })
          .optional(),
        name: text(100).optional(),
      },
      exactlyOne('id', 'url', 'name'),
    ),
    response: videositeChannelResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { name: '@sciencefriday' },
  },
  // GET /v1/videosite/videos: video search, 25 per page, billed per page
  {
    path: '/v1/videosite/videos',
    family: 'videosite',
    summary: 'Search videosite videos',
    description:
      'Searches videos (`query`, max 500). 25 videos per page, `pages` 1-10 (default 1); the call stops early when ' +
      'the results run out and only pages returned are billed. sort_by relevance (default), most_recent, view_count ' +
      'or rating. Counts (views, likes, comments) are exact and null when the video hides them; duration is in ' +
      'seconds. The platform may repeat a video across pages.',
    params: params({
      query: text(500),
      sort_by: oneOf(videositeVideoSorts, 'relevance'),
      pages: int(1, 10, 1),
      get_sentiment: bool(),
    }),
    response: videositeVideosResponse,
    priceMicros: 5000,
    billingUnit: 'page',
    pageSize: 25,
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'videos', text: 'description', title: 'title' },
    billedErrors: {},
    method: 'GET',
    example: { query: 'surfing', pages: '2' },
  },
  // GET /v1/videosite/video/comments: a video's top-level comments, 100 per page, billed per page
  {
    path: '/v1/videosite/video/comments',
    family: 'videosite',
    summary: "A videosite video's comments",
    description:
      'Top-level comments of one video with their like and reply counts. Provide exactly one of `id` (11 ' +
      'characters) or `url` (a watch, youtu.be, shorts, embed or live URL, max 500). Up to 100 comments per page, ' +
      '`pages` 1-20 (default 1); only pages returned are billed. sort_by top (default) or most_recent. A video with ' +
      'comments turned off answers no comments, not billed; an unknown or private video answers 404 not_found, not billed.',
    params: params(
      {
        id: z.string().trim().regex(VIDEO_ID_PATTERN, { error: 'must be an 11-character video ID' }).optional(),
        url: text(500)
          .regex(VIDEO_URL_PATTERN, { error: 'must be a video URL (watch?v=, youtu.be/, shorts/, embed/ or live/)' })
          .optional(),
        sort_by: oneOf(videositeCommentSorts, 'top'),
        pages: int(1, 20, 1),
        get_sentiment: bool(),
      },
      exactlyOne('id', 'url'),
    ),
    response: videositeCommentsResponse,
    priceMicros: 5000,
    billingUnit: 'page',
    pageSize: 100,
    paging: { param: 'pages', max: 20 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'comments', text: 'text' },
    billedErrors: {},
    method: 'GET',
    example: { id: 'F1UP7wRCPH8' },
  },
] satisfies EndpointDefinition[];

export type VideositeChannel = z.infer<typeof videositeChannelSchema>;
export type VideositeVideo = z.infer<typeof videositeVideoSchema>;
export type VideositeComment = z.infer<typeof videositeCommentSchema>;
