// The Threads API's profile posts payload (GET /profile_posts?username=…, profile discovery) and
// its mapping to the textthreads post record. The API gives another profile's posts without
// counts, pins, media dimensions, audio or the author's display name and badge: those are null
// (or empty) as the field table in docs/data-sources.md says.
import { z } from 'zod';
import type { TextthreadsPost } from '../../../registry/textthreads';
import { graphPagingSchema, graphTimeSeconds, utcText } from '../meta-graph';
import type { PlatformSite } from '../types';

/** The post fields the adapter asks for (children expanded one level). */
export const POST_FIELDS = [
  'id',
  'media_type',
  'media_url',
  'permalink',
  'username',
  'text',
  'timestamp',
  'shortcode',
  'thumbnail_url',
  'children{id,media_type,media_url,thumbnail_url}',
  'is_quote_post',
  'link_attachment_url',
  'topic_tag',
  'reply_audience',
] as const;

const childSchema = z.object({
  id: z.string(),
  media_type: z.string().optional(),
  media_url: z.string().optional(),
  thumbnail_url: z.string().optional(),
});

const threadsPostSchema = z.object({
  id: z.string(),
  media_type: z.string().optional(),
  media_url: z.string().optional(),
  permalink: z.string().optional(),
  username: z.string().optional(),
  text: z.string().optional(),
  timestamp: z.string(),
  shortcode: z.string().optional(),
  thumbnail_url: z.string().optional(),
  children: z.object({ data: z.array(childSchema) }).optional(),
  is_quote_post: z.boolean().optional(),
  link_attachment_url: z.string().optional(),
  topic_tag: z.string().optional(),
  reply_audience: z.string().optional(),
});
export type ThreadsPost = z.infer<typeof threadsPostSchema>;

export const profilePostsSchema = z.object({ data: z.array(threadsPostSchema), paging: graphPagingSchema });

const MEDIA_TYPES: Record<string, TextthreadsPost['media_type']> = {
  TEXT_POST: 'text',
  IMAGE: 'image',
  VIDEO: 'video',
  CAROUSEL_ALBUM: 'carousel',
  AUDIO: 'audio',
  // A repost shows another's post; the API gives no media of its own for it.
  REPOST_FACADE: 'text',
};

/** EVERYONE -> everyone, ACCOUNTS_YOU_FOLLOW -> accounts_you_follow, MENTIONED_ONLY -> mentioned_only. */
function replyControl(audience: string | undefined): string {
  return audience ? audience.toLowerCase() : '';
}

function tagsOf(text: string, sign: '#' | '@'): string[] {
  const pattern = sign === '#' ? /(?:^|[^\w#])#([\p{L}\p{N}_]+)/gu : /(?:^|[^\w@])@([A-Za-z0-9._]+)/g;
  return [...new Set([...text.matchAll(pattern)].map((m) => (m[1] ?? '').replace(/\.+$/, '')))].filter(Boolean);
}

function linkPreview(url: string | undefined): TextthreadsPost['link_preview'] {
  if (!url) return null;
  let displayUrl = url;
  try {
    const parsed = new URL(url);
    displayUrl = `${parsed.hostname.replace(/^www\./, '')}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    // Not a URL the platform should give; shown as it came.
  }
  return { url, display_url: displayUrl, title: '', image_url: '' };
}

export function toTextthreadsPost(post: ThreadsPost, profile: string, site: PlatformSite): TextthreadsPost {
  const author = post.username ?? profile;
  const timestamp = graphTimeSeconds(post.timestamp);
  const mediaType = MEDIA_TYPES[post.media_type ?? 'TEXT_POST'] ?? 'text';
  const text = post.text ?? '';
  const children = post.children?.data ?? [];
  const firstChild = children[0];
  const imageUrl =
    mediaType === 'image'
      ? (post.media_url ?? '')
      : mediaType === 'video'
        ? (post.thumbnail_url ?? '')
        : mediaType === 'carousel'
          ? (firstChild?.thumbnail_url ?? firstChild?.media_url ?? '')
          : '';
  const hashtags = tagsOf(text, '#');
  if (post.topic_tag && !hashtags.includes(post.topic_tag)) hashtags.push(post.topic_tag);
  const hasMedia = mediaType !== 'text';
  return {
    title: `@${author} on ${site.source}`,
    url: post.permalink ?? `https://www.${site.domain}/@${author}/post/${post.shortcode ?? post.id}`,
    date: utcText(timestamp),
    author,
    source: site.source,
    domain: site.domain,
    snippet: text,
    likes: null,
    replies: null,
    reposts: null,
    quotes: null,
    reshares: null,
    author_name: '',
    author_verified: null,
    // The profile's posts edge lists its threads, not its replies to others.
    is_reply: false,
    is_pinned: null,
    media_type: mediaType,
    image_url: imageUrl,
    video_url: mediaType === 'video' ? (post.media_url ?? '') : '',
    width: hasMedia ? null : 0,
    height: hasMedia ? null : 0,
    has_audio: mediaType === 'audio' ? true : mediaType === 'video' ? null : false,
    reply_control: replyControl(post.reply_audience),
    hashtags,
    mentions: tagsOf(text, '@'),
    carousel_media: children.map((child) => ({
      media_type: child.media_type === 'VIDEO' ? ('video' as const) : ('image' as const),
      image_url: child.media_type === 'VIDEO' ? (child.thumbnail_url ?? '') : (child.media_url ?? ''),
      video_url: child.media_type === 'VIDEO' ? (child.media_url ?? '') : '',
      width: null,
      height: null,
    })),
    link_preview: linkPreview(post.link_attachment_url),
    // The API names a quoted post by its id only (`quoted_post`, one more request each).
    quoted_post: null,
    post_id: post.id,
    code: post.shortcode ?? '',
  };
}
