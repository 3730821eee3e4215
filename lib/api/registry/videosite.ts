// Videosite family: channel details by ID, URL or name.
import { z } from 'zod';
import { exactlyOne, params, text } from './params';
import type { EndpointDefinition } from './types';

/** A channel ID: 24 characters, "UC" then 22 URL-safe base-64 characters. */
export const CHANNEL_ID_PATTERN = /^UC[A-Za-z0-9_-]{22}$/;
/** Channel URLs in the four forms the spec accepts: /channel/<id>, /@handle, /c/<name>, /user/<name>. */
export const CHANNEL_URL_PATTERN =
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

export const videositeChannelResponse = z.strictObject({ channel: videositeChannelSchema });

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
] satisfies EndpointDefinition[];

export type VideositeChannel = z.infer<typeof videositeChannelSchema>;
