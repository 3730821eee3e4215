// The videosite live adapter: GET /v1/videosite/channel (channels.list), /v1/videosite/videos
// (search.list + videos.list) and /v1/videosite/video/comments (commentThreads.list) from the
// YouTube Data API v3 with the operator's API key, LIVE_VIDEOSITE_API_KEY; without one the family
// stays on its sandbox. Lookups and errors: ./client.ts, ./videos.ts; the records: ./map.ts,
// ./map-videos.ts; the field tables: docs/data-sources.md. Each request the API answers spends
// its units of the key's daily quota (1, or 100 for search.list), counted in LiveQuotaUsage.
import { VIDEO_URL_PATTERN } from '../../../registry/videosite';
import type { ParamsOf } from '../../../registry';
import type { ProviderResult } from '../../../registry/types';
import { recordQuotaUnits } from '../quota';
import type { LiveAdapter } from '../types';
import { QUOTA_TIME_ZONE, QuotaSpentError, findChannel, lookupsFor } from './client';
import { toVideositeChannel } from './map';
import { searchVideos, type VideoCall, videoComments } from './videos';
import type { EnvRecord } from '@/lib/env';

function videositeApiKey(env: EnvRecord): string | undefined {
  return env.LIVE_VIDEOSITE_API_KEY?.trim() || undefined;
}

export const videositeAdapter: LiveAdapter<
  '/v1/videosite/channel' | '/v1/videosite/videos' | '/v1/videosite/video/comments'
> = {
  family: 'videosite',
  defaultBaseUrl: 'https://www.googleapis.com',
  site: { source: 'YouTube', domain: 'youtube.com' },
  // Google's per-minute limits are far above this; the binding limit is the key's daily quota
  // (10,000 units, one call each, by default). The bucket only smooths bursts.
  politeness: { requestsPerMinute: 60, burst: 20, concurrency: 4 },
  paths: ['/v1/videosite/channel', '/v1/videosite/videos', '/v1/videosite/video/comments'],
  // Google for Developers, by id: one unit.
  probe: { path: '/v1/videosite/channel', query: { id: 'UC_x5XG1OV2P6uZZ5FSM9Ttw' } },
  // A video's comments: one unit. The video search costs 101 units (search.list and videos.list).
  probes: [
    { path: '/v1/videosite/video/comments', query: { id: 'F1UP7wRCPH8' } },
    { path: '/v1/videosite/videos', query: { query: 'surfing' } },
  ],
  unavailableReason: (env) =>
    videositeApiKey(env)
      ? undefined
      : 'LIVE_VIDEOSITE_API_KEY is not set: the YouTube Data API v3 answers only with an API key',
  dailyQuota: { timeZone: QUOTA_TIME_ZONE },
  createHandlers({ platform, env, log, sql, site }) {
    const apiKey = videositeApiKey(env);
    // resolveSources keeps the family off live without a key; this guards any other caller.
    if (!apiKey) throw new Error('LIVE_VIDEOSITE_API_KEY is not set');
    /** Until the quota day ends after a quotaExceeded, calls are answered 429 without asking Google. */
    let quotaSpentUntil = 0;
    const spend = async (units: number) => {
      try {
        await recordQuotaUnits(sql, { family: 'videosite', units, at: new Date(), timeZone: QUOTA_TIME_ZONE });
      } catch (error) {
        // The count is for /status; a call is never failed for it.
        log(
          `live videosite: could not count ${units} quota unit(s) in LiveQuotaUsage (${error instanceof Error ? error.name : 'error'})`,
        );
      }
    };
    /** A lookup, refused at once while the quota is spent; a quotaExceeded says until when. */
    const guarded =
      <Q>(lookup: (call: VideoCall, params: Q) => Promise<ProviderResult>) =>
      async (params: Q, signal: AbortSignal): Promise<ProviderResult> => {
        if (Date.now() < quotaSpentUntil) throw new QuotaSpentError(new Date());
        try {
          return await lookup({ platform, apiKey, signal, log, spend, site }, params);
        } catch (error) {
          if (error instanceof QuotaSpentError) quotaSpentUntil = error.resetsAt.getTime();
          throw error;
        }
      };
    return {
      '/v1/videosite/channel': guarded(channelOf),
      '/v1/videosite/videos': guarded(videos),
      '/v1/videosite/video/comments': guarded(comments),
    };
  },
};

async function channelOf(call: VideoCall, params: ParamsOf<'/v1/videosite/channel'>): Promise<ProviderResult> {
  const asked = params.id ?? params.url ?? params.name ?? '';
  const channel = await findChannel(call, lookupsFor(params), asked);
  return { body: { channel: toVideositeChannel(channel) }, pagesReturned: 1 };
}

async function videos(call: VideoCall, params: ParamsOf<'/v1/videosite/videos'>): Promise<ProviderResult> {
  const { query, sort_by: sortBy } = params;
  const found = await searchVideos(call, { query, sortBy, pages: params.pages });
  return {
    body: { videos: found.videos, query, sort_by: sortBy, pages: found.pagesReturned, count: found.videos.length },
    pagesReturned: found.pagesReturned,
  };
}

async function comments(call: VideoCall, params: ParamsOf<'/v1/videosite/video/comments'>): Promise<ProviderResult> {
  // The registry checked the url's form; the id is its 11 characters.
  const videoId = params.id ?? VIDEO_URL_PATTERN.exec(params.url ?? '')?.[1] ?? '';
  const sortBy = params.sort_by;
  const found = await videoComments(call, { videoId, sortBy, pages: params.pages });
  return {
    body: {
      comments: found.comments,
      video_id: videoId,
      sort_by: sortBy,
      pages: found.pagesReturned,
      count: found.comments.length,
    },
    pagesReturned: found.pagesReturned,
  };
}
