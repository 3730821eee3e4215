// The replay route table for videosite: the YouTube Data API's channels.list path answered from
// the recordings in data/live/videosite/ (sources and licences in NOTICE), by the query the
// adapter sends (part, one lookup, the key).
//
// Differences from the recorded requests, all in this table, none in the bodies:
// - channels-google-developers-and-google.json answered a request for both ids at once; it answers
//   each id here (the adapter takes the item with the id it asked for).
// - channel-google-developers-snippet.json (2022) was asked for the snippet part only, and
//   channel-google-developers-2019.json for snippet and statistics; they answer the adapter's
//   requests for three parts: the record gets the spec's empty values for what they lack.
// - forHandle=@GoogleDevelopers is answered with no channel (the documented empty answer), so
//   that a /c/ URL and a bare name go on to forUsername, as they do for a custom URL that is not
//   a handle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { CHANNEL_PARTS, CHANNELS_PATH, type ChannelLookup } from '../../client';
import { COMMENT_THREADS_PATH, SEARCH_PATH, VIDEO_PARTS, VIDEOS_PATH } from '../../videos';

const DIR = 'data/live/videosite';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** The key the replay expects (LIVE_VIDEOSITE_API_KEY for tests and scripts/live-replay.ts). */
export const REPLAY_API_KEY = 'replay-videosite-key';

/** The settings scripts/live-replay.ts prints beside LIVE_VIDEOSITE_URL. */
/** @public read by name by scripts/live-replay.ts */
export const videositeReplayEnv = { LIVE_VIDEOSITE_API_KEY: REPLAY_API_KEY };

/** A recording's text, for faults and for payloads a test derives from it. */
export function recording(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

export const GOOGLE_DEVELOPERS = 'UC_x5XG1OV2P6uZZ5FSM9Ttw';
export const GOOGLE = 'UCK8sQmJBp8GCxrOtXWBpyEA';
/** Well-formed ids no channel has: one answered with no items, one with the documented 404. */
export const UNKNOWN_ID = 'UCnoSuchChannel000000000';
export const GONE_ID = 'UCdeletedChannel00000000';
/** The unknown name of the politicnet recordings, as a handle. */
export const UNKNOWN_HANDLE = '@kljadklajsdkljlkjlkjlkjasdasd';

/** The query the adapter sends for one lookup. */
export function channelsQuery(lookup: ChannelLookup): Record<string, string> {
  return { part: CHANNEL_PARTS, ...lookup, key: REPLAY_API_KEY };
}

const route = (lookup: ChannelLookup, file: string, status?: number): ReplayRoute => ({
  path: CHANNELS_PATH,
  query: channelsQuery(lookup),
  file: `${DIR}/${file}`,
  ...(status ? { status } : {}),
});

/** The video whose comments are recorded. */
export const COMMENTS_VIDEO = 'F1UP7wRCPH8';
/** Well-formed video ids: one unknown (the documented 404), one with comments turned off (the documented 403). */
export const UNKNOWN_VIDEO = 'unknownVid1';
export const COMMENTS_OFF_VIDEO = 'commentsOff';

export const videositeRoutes: ReplayRoute[] = [
  route({ id: GOOGLE_DEVELOPERS }, 'channels-google-developers-and-google.json'),
  route({ id: GOOGLE }, 'channels-google-developers-and-google.json'),
  route({ forHandle: '@googledevelopers' }, 'channel-google-developers-snippet.json'),
  route({ forHandle: '@GoogleDevelopers' }, 'channels-none.json'),
  route({ forUsername: 'GoogleDevelopers' }, 'channel-google-developers-2019.json'),
  route({ id: UNKNOWN_ID }, 'channels-none.json'),
  route({ id: GONE_ID }, 'error-channel-not-found.json', 404),
  route({ forHandle: UNKNOWN_HANDLE }, 'channels-none.json'),
  route({ forUsername: UNKNOWN_HANDLE.slice(1) }, 'channels-none.json'),
  ...videoRoutes(),
];

/** The query of one search.list request as the adapter sends it. */
export function searchQuery(q: string, pageToken?: string): Record<string, string> {
  return {
    part: 'snippet',
    type: 'video',
    q,
    maxResults: '25',
    order: 'relevance',
    key: REPLAY_API_KEY,
    ...(pageToken ? { pageToken } : {}),
  };
}

/** The query of one commentThreads.list request as the adapter sends it. */
export function threadsQuery(videoId: string, pageToken?: string): Record<string, string> {
  return {
    part: 'snippet',
    videoId,
    maxResults: '100',
    order: 'relevance',
    textFormat: 'plainText',
    key: REPLAY_API_KEY,
    ...(pageToken ? { pageToken } : {}),
  };
}

/** The video ids of a recorded search page, in order. */
export function searchIds(file: string): string[] {
  const page = JSON.parse(recording(file)) as { items: { id: { videoId: string } }[] };
  return page.items.map((item) => item.id.videoId);
}

/**
 * Video search and comments. python-youtube's tests asked search.list for q="surfing" (quotes
 * included) with their own parts and count; the two chained pages answer the adapter's q=surfing.
 * Not recorded, the API's documented answers (developers.google.com/youtube/v3/docs, CC BY 4.0),
 * inline: the empty list that ends each walk (the search's third token, the threads' second
 * page); videos.list for the searched ids as an empty list (no videos.list answer for these
 * videos was recorded: the adapter keeps each search result without counts, as for videos gone
 * between the two requests); commentThreads' 404 videoNotFound and 403 commentsDisabled bodies.
 */
function videoRoutes(): ReplayRoute[] {
  const threads = JSON.parse(recording('commentThreads-F1UP7wRCPH8-page1.json')) as { nextPageToken: string };
  const emptyVideos = { kind: 'youtube#videoListResponse', items: [] };
  const threadError = (reason: string, message: string) => ({
    error: {
      code: reason === 'videoNotFound' ? 404 : 403,
      message,
      errors: [{ message, domain: 'youtube.commentThread', reason, location: 'videoId', locationType: 'parameter' }],
    },
  });
  return [
    { path: SEARCH_PATH, query: searchQuery('surfing'), file: `${DIR}/search-surfing-page1.json` },
    { path: SEARCH_PATH, query: searchQuery('surfing', 'CBkQAA'), file: `${DIR}/search-surfing-page2.json` },
    {
      path: SEARCH_PATH,
      query: searchQuery('surfing', 'CDIQAA'),
      body: { kind: 'youtube#searchListResponse', items: [] },
    },
    ...['search-surfing-page1.json', 'search-surfing-page2.json'].map(
      (file): ReplayRoute => ({
        path: VIDEOS_PATH,
        query: { part: VIDEO_PARTS, id: searchIds(file).join(','), key: REPLAY_API_KEY },
        body: emptyVideos,
      }),
    ),
    {
      path: COMMENT_THREADS_PATH,
      query: threadsQuery(COMMENTS_VIDEO),
      file: `${DIR}/commentThreads-F1UP7wRCPH8-page1.json`,
    },
    {
      path: COMMENT_THREADS_PATH,
      query: threadsQuery(COMMENTS_VIDEO, threads.nextPageToken),
      body: { kind: 'youtube#commentThreadListResponse', items: [] },
    },
    {
      path: COMMENT_THREADS_PATH,
      query: threadsQuery(UNKNOWN_VIDEO),
      status: 404,
      body: threadError('videoNotFound', 'The video identified by the videoId parameter could not be found.'),
    },
    {
      path: COMMENT_THREADS_PATH,
      query: threadsQuery(COMMENTS_OFF_VIDEO),
      status: 403,
      body: threadError('commentsDisabled', 'The video identified by the videoId parameter has disabled comments.'),
    },
  ];
}
