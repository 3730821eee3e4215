// YouTube Data API v3 channels.list payloads -> videosite channel records. Pure: zod schemas of
// only the fields the record reads (parts snippet, statistics, brandingSettings), and the mapping.
// Where the Data API has no such value (verified badge, business email, the About page's links)
// the record carries the spec's empty value. The field table: docs/data-sources.md ("videosite").
import { z } from 'zod';
import { CHANNEL_ID_PATTERN, type VideositeChannel } from '../../../registry/videosite';
import { compactCount } from '../../sandbox/texts';

const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be a date-time' });
/** The API sends 64-bit counts as decimal strings. */
const countText = z.string().regex(/^\d+$/, { error: 'must be a decimal count' });
const thumbnail = z.object({ url: z.string() });

/** One `youtube#channel` resource: the parts this service asks for. */
const youtubeChannelSchema = z.object({
  id: z.string().regex(CHANNEL_ID_PATTERN, { error: 'must be a channel ID (UC + 22 characters)' }),
  snippet: z.object({
    title: z.string(),
    description: z.string(),
    /** The channel's handle ("@name") since 2022; a legacy custom URL name before. */
    customUrl: z.string().optional(),
    publishedAt: instant,
    thumbnails: z
      .object({ default: thumbnail.optional(), medium: thumbnail.optional(), high: thumbnail.optional() })
      .optional(),
    country: z.string().optional(),
  }),
  /** Absent when not asked for; subscriberCount is left out when hidden. */
  statistics: z
    .object({
      viewCount: countText.optional(),
      subscriberCount: countText.optional(),
      hiddenSubscriberCount: z.boolean().optional(),
      videoCount: countText.optional(),
    })
    .optional(),
  brandingSettings: z
    .object({
      channel: z.object({ country: z.string().optional() }).optional(),
      image: z.object({ bannerExternalUrl: z.string().optional() }).optional(),
    })
    .optional(),
});
export type YoutubeChannel = z.infer<typeof youtubeChannelSchema>;

/** `youtube#channelListResponse`: zero or more channels; `items` is left out when none matched. */
export const channelListSchema = z.object({
  items: z.array(youtubeChannelSchema).optional(),
});

/** The error body of every Google API: `error.errors[].reason` (v3) and `error.details[].reason` (ErrorInfo). */
const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), domain: z.string().optional() })).optional(),
    details: z.array(z.object({ reason: z.string().optional() })).optional(),
  }),
});

/** Every reason a Google error body gives (v3 `errors[]` first, then ErrorInfo `details[]`). */
export function errorReasons(body: unknown): string[] {
  const parsed = googleErrorSchema.safeParse(body);
  if (!parsed.success) return [];
  const { errors = [], details = [] } = parsed.data.error;
  return [...errors, ...details].map((entry) => entry.reason).filter((reason): reason is string => Boolean(reason));
}

/** A count as the spec's human-formatted string, the sandbox's format: "2.3M subscribers", "1 video". */
export function humanCount(count: number, noun: 'subscriber' | 'video'): string {
  return `${compactCount(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** "2007-08-23T00:34:43.000Z" -> "2007-08-23" (the UTC day). */
function utcDayOf(instantText: string): string {
  return new Date(instantText).toISOString().slice(0, 10);
}

/** The channel's page: its handle's address when it has one, else the /channel/<id> address. */
function channelPageUrl(channel: Pick<YoutubeChannel, 'id' | 'snippet'>): string {
  const custom = channel.snippet.customUrl;
  return custom?.startsWith('@')
    ? `https://www.youtube.com/${custom}`
    : `https://www.youtube.com/channel/${channel.id}`;
}

/** One channels.list item as the spec's channel record. */
export function toVideositeChannel(channel: YoutubeChannel): VideositeChannel {
  const { snippet, statistics, brandingSettings } = channel;
  const thumbnails = snippet.thumbnails;
  const subscribers = statistics?.hiddenSubscriberCount ? undefined : statistics?.subscriberCount;
  return {
    channel_id: channel.id,
    channel_name: snippet.title,
    // Channel descriptions are plain text in the Data API.
    description: snippet.description,
    subscriber_count: subscribers === undefined ? null : humanCount(Number(subscribers), 'subscriber'),
    video_count: statistics?.videoCount === undefined ? null : humanCount(Number(statistics.videoCount), 'video'),
    view_count: statistics?.viewCount === undefined ? null : Number(statistics.viewCount),
    country: snippet.country ?? brandingSettings?.channel?.country ?? '',
    creation_date: utcDayOf(snippet.publishedAt),
    // The Data API shows neither the verification badge nor a business email.
    verified: false,
    has_business_email: false,
    // Nor the links of the About page (brandingSettings has none since 2020).
    links: [],
    profile_pic_url: (thumbnails?.high ?? thumbnails?.medium ?? thumbnails?.default)?.url ?? '',
    banner: brandingSettings?.image?.bannerExternalUrl ?? '',
    url: channelPageUrl(channel),
  };
}
