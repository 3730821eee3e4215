// The Data API requests behind GET /v1/videosite/videos and /v1/videosite/video/comments:
// search.list (type=video, 25 a page, 100 quota units) then videos.list for the page's counts
// (1 unit), and commentThreads.list (100 a page, 1 unit), each walking its nextPageToken for
// `pages`. Every request Google answers counts its units (ChannelCall.spend), errors included.
import type { VideositeComment, VideositeVideo } from '../../../registry/videosite';
import { ProviderError } from '../../../registry/types';
import { walkPages } from '../paging';
import { parsePayload } from '../payload';
import { type ChannelCall, refusal } from './client';
import { errorReasons } from './map';
import {
  commentThreadListSchema,
  type Site,
  searchListSchema,
  toVideositeComment,
  toVideositeVideo,
  videoListSchema,
} from './map-videos';

export const SEARCH_PATH = '/youtube/v3/search';
export const VIDEOS_PATH = '/youtube/v3/videos';
export const COMMENT_THREADS_PATH = '/youtube/v3/commentThreads';
/** The Data API's quota table: search.list 100 units a request, videos.list and commentThreads.list 1. */
const SEARCH_UNITS = 100;
const LIST_UNITS = 1;
const VIDEOS_PER_PAGE = 25;
const COMMENTS_PER_PAGE = 100;
export const VIDEO_PARTS = 'snippet,statistics,contentDetails';

/** The API's sort_by -> search.list `order`, and -> commentThreads.list `order`. */
const videoOrders: Record<string, string> = {
  relevance: 'relevance',
  most_recent: 'date',
  view_count: 'viewCount',
  rating: 'rating',
};
const commentOrders: Record<string, string> = { top: 'relevance', most_recent: 'time' };

const VIDEO_GONE = new Set(['videoNotFound', 'forbidden']);
const COMMENTS_OFF = 'commentsDisabled';

export interface VideoCall extends ChannelCall {
  site: Site;
}

/** One Data API GET; the units it costs are counted when Google answered it (not the cache). */
async function get(call: VideoCall, path: string, query: Record<string, string | number | undefined>, units: number) {
  const page = await call.platform.request({
    path,
    query: { ...query, key: call.apiKey },
    accept: [400, 403, 404],
    signal: call.signal,
  });
  if (!page.fromCache && !page.joined) await call.spend(units);
  return page;
}

/** `pages` pages of 25 videos: each a search.list page and the videos.list of its ids. */
export async function searchVideos(
  call: VideoCall,
  query: { query: string; sortBy: string; pages: number },
): Promise<{ videos: VideositeVideo[]; pagesReturned: number }> {
  const unexpected = () => new ProviderError('upstream_error', 'The videosite platform answered 404 to a search');
  const walked = await walkPages(query.pages, async (pageToken) => {
    const page = await get(
      call,
      SEARCH_PATH,
      {
        part: 'snippet',
        type: 'video',
        q: query.query,
        maxResults: VIDEOS_PER_PAGE,
        order: videoOrders[query.sortBy] ?? 'relevance',
        pageToken,
      },
      SEARCH_UNITS,
    );
    if (page.status !== 200)
      throw refusal(call, page.status, page.body, { path: SEARCH_PATH, gone: new Set(), notFound: unexpected });
    const list = parsePayload(searchListSchema, page.body, { family: 'videosite', what: 'search.list', log: call.log });
    const found = (list.items ?? []).filter((item) => item.id.kind === 'youtube#video' && item.id.videoId);
    if (found.length === 0) return { records: [], next: null };
    const ids = found.map((item) => item.id.videoId!);
    const details = await get(call, VIDEOS_PATH, { part: VIDEO_PARTS, id: ids.join(',') }, LIST_UNITS);
    if (details.status !== 200)
      throw refusal(call, details.status, details.body, { path: VIDEOS_PATH, gone: new Set(), notFound: unexpected });
    const resources = parsePayload(videoListSchema, details.body, {
      family: 'videosite',
      what: 'videos.list',
      log: call.log,
    });
    // A video gone between the search and the lookup keeps its search result, without counts.
    const byId = new Map((resources.items ?? []).map((video) => [video.id, video]));
    const records = found.flatMap((item) => {
      const video = toVideositeVideo(item.id.videoId!, item, byId.get(item.id.videoId!), call.site);
      return video ? [video] : [];
    });
    return { records, next: list.nextPageToken };
  });
  return { videos: walked.records, pagesReturned: walked.pagesReturned };
}

/** `pages` pages of up to 100 top-level comments; a video with comments turned off has none. */
export async function videoComments(
  call: VideoCall,
  query: { videoId: string; sortBy: string; pages: number },
): Promise<{ comments: VideositeComment[]; pagesReturned: number }> {
  const notFound = () => new ProviderError('not_found', `No videosite video '${query.videoId}' (unknown or private)`);
  let commentsOff = false;
  const walked = await walkPages(query.pages, async (pageToken) => {
    const page = await get(
      call,
      COMMENT_THREADS_PATH,
      {
        part: 'snippet',
        videoId: query.videoId,
        maxResults: COMMENTS_PER_PAGE,
        order: commentOrders[query.sortBy] ?? 'relevance',
        textFormat: 'plainText',
        pageToken,
      },
      LIST_UNITS,
    );
    if (page.status === 403 && errorReasons(page.body).includes(COMMENTS_OFF)) {
      commentsOff = true;
      return { records: [], next: null };
    }
    if (page.status !== 200)
      throw refusal(call, page.status, page.body, { path: COMMENT_THREADS_PATH, gone: VIDEO_GONE, notFound });
    const list = parsePayload(commentThreadListSchema, page.body, {
      family: 'videosite',
      what: 'commentThreads.list',
      log: call.log,
    });
    return {
      records: (list.items ?? []).map((thread) => toVideositeComment(thread, call.site)),
      next: list.nextPageToken,
    };
  });
  if (commentsOff && walked.pagesReturned === 0)
    call.log(`live videosite: comments are turned off on ${query.videoId}`);
  return { comments: walked.records, pagesReturned: walked.pagesReturned };
}
