// The Facebook Graph API's page videos payload (GET /{page-id}/videos) and its mapping to the
// socialnet page video record. The edge gives no view count to an app reading another page (views
// come from video insights, for the page's own admins): play_count is null live.
import { z } from 'zod';
import type { SocialnetPageVideo } from '../../../registry/socialnet';
import { graphPagingSchema, graphTimeSeconds, utcText } from '../meta-graph';
import type { PlatformSite } from '../types';

/** The video fields the adapter asks for. */
export const VIDEO_FIELDS = ['id', 'created_time', 'description', 'title', 'permalink_url', 'picture'] as const;

const pageVideoSchema = z.object({
  id: z.string(),
  created_time: z.string(),
  description: z.string().optional(),
  title: z.string().optional(),
  permalink_url: z.string().optional(),
  picture: z.string().optional(),
});
export type PageVideo = z.infer<typeof pageVideoSchema>;

export const pageVideosSchema = z.object({ data: z.array(pageVideoSchema), paging: graphPagingSchema });

/** A permalink as the API gives it ("/FacebookforDevelopers/videos/1002065083862711/") made absolute. */
function absoluteUrl(permalink: string | undefined, videoId: string, site: PlatformSite): string {
  if (!permalink) return `https://www.${site.domain}/watch/?v=${videoId}`;
  return permalink.startsWith('/') ? `https://www.${site.domain}${permalink}` : permalink;
}

export function toSocialnetPageVideo(video: PageVideo, site: PlatformSite): SocialnetPageVideo {
  const timestamp = graphTimeSeconds(video.created_time);
  return {
    video_id: video.id,
    url: absoluteUrl(video.permalink_url, video.id, site),
    description: video.description || video.title || '',
    thumbnail: video.picture ?? '',
    play_count: null,
    date: utcText(timestamp),
    timestamp,
  };
}
