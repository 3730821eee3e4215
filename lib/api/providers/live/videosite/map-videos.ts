// YouTube Data API v3 search.list, videos.list and commentThreads.list payloads -> videosite
// video and comment records. Pure: zod schemas of only the fields the records read, and the
// mapping; the site (source, domain) comes in as an argument. Field tables: docs/data-sources.md.
import { z } from 'zod';
import type { VideositeComment, VideositeVideo } from '../../../registry/videosite';

/** The family's public name and domain (LiveContext.site). */
export interface Site {
  source: string;
  domain: string;
}

const WEB = 'https://www.youtube.com';
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'must be a date-time' });
const countText = z.string().regex(/^\d+$/, { error: 'must be a decimal count' });
const thumbnail = z.object({ url: z.string() });
const thumbnails = z
  .object({ default: thumbnail.optional(), medium: thumbnail.optional(), high: thumbnail.optional() })
  .optional();
const videoSnippet = z.object({
  publishedAt: instant,
  channelId: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnails,
  channelTitle: z.string(),
  liveBroadcastContent: z.string().optional(),
});

/** One search result; `id.videoId` only on videos (the search asks type=video). */
const searchItemSchema = z.object({
  id: z.object({ kind: z.string(), videoId: z.string().optional() }),
  snippet: videoSnippet,
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/** `youtube#searchListResponse`. */
export const searchListSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(searchItemSchema).optional(),
});

/** One `youtube#video` of videos.list (parts snippet, statistics, contentDetails). */
const videoResourceSchema = z.object({
  id: z.string(),
  snippet: videoSnippet.optional(),
  statistics: z
    .object({ viewCount: countText.optional(), likeCount: countText.optional(), commentCount: countText.optional() })
    .optional(),
  contentDetails: z.object({ duration: z.string().optional() }).optional(),
});
export type VideoResource = z.infer<typeof videoResourceSchema>;

export const videoListSchema = z.object({ items: z.array(videoResourceSchema).optional() });

/** One `youtube#commentThread` (part snippet). */
const commentThreadSchema = z.object({
  id: z.string(),
  snippet: z.object({
    videoId: z.string(),
    totalReplyCount: z.number().int().min(0),
    topLevelComment: z.object({
      id: z.string(),
      snippet: z.object({
        authorDisplayName: z.string(),
        authorProfileImageUrl: z.string().optional(),
        authorChannelUrl: z.string().optional(),
        authorChannelId: z.object({ value: z.string() }).optional(),
        textDisplay: z.string(),
        textOriginal: z.string().optional(),
        likeCount: z.number().int().min(0),
        publishedAt: instant,
        updatedAt: instant.optional(),
      }),
    }),
  }),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const commentThreadListSchema = z.object({
  nextPageToken: z.string().optional(),
  items: z.array(commentThreadSchema).optional(),
});

/** "2019-12-05T19:00:10.000Z" as the spec's UTC "YYYY-MM-DD HH:MM:SS". */
function utcText(instantText: string): string {
  return new Date(instantText).toISOString().slice(0, 19).replace('T', ' ');
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** search.list escapes its titles and descriptions as HTML ("&#39;", "&amp;"): the text a person reads. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** An ISO 8601 duration ("PT21M7S", "P1DT2H") in seconds; null when absent, zero (a live stream) or unreadable. */
export function durationSeconds(duration: string | undefined): number | null {
  const parts = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(duration ?? '');
  if (!parts) return null;
  const [, d = '0', h = '0', m = '0', s = '0'] = parts;
  const seconds = Number(d) * 86400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : null;
}

const count = (value: string | undefined) => (value === undefined ? null : Number(value));

function liveStatus(value: string | undefined): VideositeVideo['live_status'] {
  return value === 'live' || value === 'upcoming' ? value : 'none';
}

/**
 * One video: the videos.list resource's snippet when it has one (whole description, unescaped),
 * else the search result's; counts and duration from videos.list, null without it.
 */
export function toVideositeVideo(
  videoId: string,
  found: SearchItem | undefined,
  details: VideoResource | undefined,
  site: Site,
): VideositeVideo | undefined {
  const snippet = details?.snippet ?? found?.snippet;
  if (!snippet) return undefined;
  const text = details?.snippet ? (value: string) => value : decodeEntities;
  const live = liveStatus(snippet.liveBroadcastContent);
  const thumbs = snippet.thumbnails;
  return {
    video_id: videoId,
    title: text(snippet.title),
    description: text(snippet.description),
    url: `${WEB}/watch?v=${videoId}`,
    thumbnail: (thumbs?.high ?? thumbs?.medium ?? thumbs?.default)?.url ?? '',
    channel_id: snippet.channelId,
    channel_name: text(snippet.channelTitle),
    channel_url: `${WEB}/channel/${snippet.channelId}`,
    date: utcText(snippet.publishedAt),
    views: count(details?.statistics?.viewCount),
    likes: count(details?.statistics?.likeCount),
    comments: count(details?.statistics?.commentCount),
    duration: live === 'none' ? durationSeconds(details?.contentDetails?.duration) : null,
    live_status: live,
    source: site.source,
    domain: site.domain,
  };
}

/** One thread's top-level comment. */
export function toVideositeComment(thread: CommentThread, site: Site): VideositeComment {
  const comment = thread.snippet.topLevelComment;
  const s = comment.snippet;
  const channel = s.authorChannelId?.value ?? '';
  return {
    comment_id: comment.id,
    video_id: thread.snippet.videoId,
    // Asked as plain text; textOriginal is the text as written when the API gives it.
    text: s.textOriginal ?? s.textDisplay,
    author: s.authorDisplayName,
    author_channel_id: channel,
    author_url: s.authorChannelUrl ?? (channel ? `${WEB}/channel/${channel}` : ''),
    author_avatar: s.authorProfileImageUrl ?? '',
    likes: s.likeCount,
    replies: thread.snippet.totalReplyCount,
    date: utcText(s.publishedAt),
    edited: s.updatedAt !== undefined && s.updatedAt !== s.publishedAt,
    url: `${WEB}/watch?v=${thread.snippet.videoId}&lc=${comment.id}`,
    source: site.source,
    domain: site.domain,
  };
}
