// Socialnet family: location lookup, group details, a page's videos and group post search.
import { z } from 'zod';
import { count, sentimentField, unixTime, utcDate } from './common';
import { atLeastOne, date, inOrder, int, params, text } from './params';
import type { EndpointDefinition } from './types';

// Element of `results` (GET /v1/socialnet/locations).
export const socialnetLocationSchema = z.strictObject({
  /** Passed as `location_id` to the socialnet post search. */
  id: z.string(),
  label: z.string(),
  /** IANA time-zone name. */
  timezone: z.string(),
});

// Field `group` (GET /v1/socialnet/group). Private groups carry basic details only, so their
// description, location and cover_photo are empty strings.
export const socialnetGroupSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  privacy: z.enum(['Public', 'Private']),
  members_count: count,
  location: z.string(),
  cover_photo: z.string(),
});

// Element of `videos` (GET /v1/socialnet/page/videos).
export const socialnetPageVideoSchema = z.strictObject({
  video_id: z.string(),
  url: z.string(),
  description: z.string(),
  sentiment: sentimentField,
  thumbnail: z.string(),
  /** Null where the platform does not give it (the live Graph API gives views to the page's own admins only). */
  play_count: count.nullable(),
  date: utcDate,
  timestamp: unixTime,
});

// Element of `posts` (GET /v1/socialnet/group/search). The spec marks image_url, video and
// external_url "(null)": each is null when the post has no such attachment.
export const socialnetGroupPostSchema = z.strictObject({
  post_id: z.string(),
  url: z.string(),
  message: z.string(),
  sentiment: sentimentField,
  date: utcDate,
  timestamp: unixTime,
  author_name: z.string(),
  author_id: z.string(),
  author_url: z.string(),
  author_profile_picture: z.string(),
  comments_count: count,
  reactions_count: count,
  reshare_count: count,
  reactions: z.strictObject({ like: count, love: count, wow: count, haha: count, sad: count, angry: count }),
  image_url: z.string().nullable(),
  video: z.strictObject({ url: z.string(), thumbnail: z.string() }).nullable(),
  external_url: z.string().nullable(),
});

const socialnetLocationsResponse = z.strictObject({ results: z.array(socialnetLocationSchema), count });
const socialnetGroupResponse = z.strictObject({ group: socialnetGroupSchema });
const socialnetPageVideosResponse = z.strictObject({
  videos: z.array(socialnetPageVideoSchema),
  count,
  pages: count,
});
const socialnetGroupSearchResponse = z.strictObject({
  posts: z.array(socialnetGroupPostSchema),
  count,
  pages: count,
});

const socialnetPageVideosParams = params({ delegate_page_id: text(100), pages: int(1, 15, 1) });

/** end_date may not fall before start_date (both YYYY-MM-DD, so text order is date order). */
const endNotBeforeStart = inOrder(
  'start_date',
  'end_date',
  'end_date',
  "Invalid parameter 'end_date': must not be before start_date",
);

export const socialnetEndpoints = [
  // GET /v1/socialnet/locations: place lookup for location_id, billed per request
  {
    path: '/v1/socialnet/locations',
    family: 'socialnet',
    summary: 'Find socialnet location IDs by place name',
    description:
      'Looks up places by name. The returned `id` is passed as `location_id` to the socialnet post search, which ' +
      'biases (does not strictly geofence) results toward the place.',
    params: params({ query: text(500) }),
    response: socialnetLocationsResponse,
    priceMicros: 4000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { query: 'Lisbon' },
  },
  // GET /v1/socialnet/group: one group's details, billed per request
  {
    path: '/v1/socialnet/group',
    family: 'socialnet',
    summary: 'Socialnet group details',
    description:
      'Details of one group by its URL (max 500, must contain /groups/<id or name>). Private groups return basic ' +
      'details only: description, location and cover_photo are then empty.',
    params: params({
      url: text(500).regex(/\/groups\/[^/?#\s]+/i, { error: 'must be a group URL containing /groups/<id or name>' }),
    }),
    response: socialnetGroupResponse,
    priceMicros: 8000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    method: 'GET',
    example: { url: 'https://socialnet.example/groups/urbangardeners' },
  },
  // GET /v1/socialnet/page/videos: a page's regular videos, billed per page
  {
    path: '/v1/socialnet/page/videos',
    family: 'socialnet',
    summary: "A socialnet page's videos",
    description:
      'Regular videos of a page, newest first; reels come from a separate reels endpoint using reels_page_id. ' +
      '`delegate_page_id` (max 100) is taken from the page-details endpoint /v1/socialnet/page. The spec shows a ' +
      'sentiment field on videos but no get_sentiment parameter, so get_sentiment is not accepted here. Only pages ' +
      'returned are billed.',
    params: socialnetPageVideosParams,
    response: socialnetPageVideosResponse,
    priceMicros: 8000,
    billingUnit: 'page',
    paging: { param: 'pages', max: 15 },
    concurrency: 10,
    sentiment: false,
    sentimentTarget: { list: 'videos', text: 'description' },
    billedErrors: {},
    method: 'GET',
    example: { delegate_page_id: '100064860875397', pages: '2' },
  },
  // GET /v1/socialnet/group/search: public group posts by keyword, group and dates, billed per page
  {
    path: '/v1/socialnet/group/search',
    family: 'socialnet',
    summary: 'Search public socialnet group posts',
    description:
      'Searches public group posts; only public group content is searchable. The spec does not show which ' +
      'parameters are required, so at least one of `query` (max 500) or `group_id` (max 100) must be given; ' +
      'start_date and end_date (YYYY-MM-DD, either or both) narrow the dates, and end_date may not be before ' +
      'start_date. This endpoint is marked temporarily unavailable during an upgrade (the sandbox answers it ' +
      'normally). Only pages returned are billed.',
    params: params(
      {
        query: text(500).optional(),
        group_id: text(100).optional(),
        start_date: date(),
        end_date: date(),
        pages: int(1, 10, 1),
      },
      atLeastOne('query', 'group_id'),
      endNotBeforeStart,
    ),
    response: socialnetGroupSearchResponse,
    priceMicros: 8000,
    billingUnit: 'page',
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: false,
    sentimentTarget: { list: 'posts', text: 'message' },
    billedErrors: {},
    method: 'GET',
    example: { query: 'tomato seedlings', start_date: '2026-06-01', end_date: '2026-10-31' },
  },
] satisfies EndpointDefinition[];

export type SocialnetLocation = z.infer<typeof socialnetLocationSchema>;
export type SocialnetGroup = z.infer<typeof socialnetGroupSchema>;
export type SocialnetPageVideo = z.infer<typeof socialnetPageVideoSchema>;
export type SocialnetGroupPost = z.infer<typeof socialnetGroupPostSchema>;
