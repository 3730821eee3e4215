// The live-<family> cases of npm run bench:api: each adapter's endpoints served from its replay
// route table (lib/api/providers/live/<family>/__tests__/support/routes.ts, by scripts/bench/
// live-replay-platform.ts), each call one the provider tests make, with the units it bills on that
// replay (the tests' own billedUnits figures). A case's calls go in turn on every connection.
//
// A case or call is skipped, with a line saying why, when its family has no adapter registered in
// lib/api/providers/live/adapters.ts, no route table, or its adapter does not serve the path (yet).
// Adding a case: one entry below, a call per endpoint, a query the route table answers.
import { existsSync } from 'node:fs';
import type { Family } from '../../lib/api/registry/types';

export interface LiveReplayCall {
  /** The /v1 path, one of the adapter's `paths`. */
  path: string;
  query: Readonly<Record<string, string>>;
  /** The units (pages) every call bills on the replay. */
  units: number;
}

export interface LiveReplayCase {
  family: Family;
  calls: readonly LiveReplayCall[];
}

export const liveReplayCases: readonly LiveReplayCase[] = [
  // X recent search: tweepy's two chained answers, then the empty third (not billed).
  { family: 'xnet', calls: [{ path: '/v1/xnet/posts', query: { query: 'Tweepy', pages: '3' }, units: 2 }] },
  {
    family: 'reviewsite',
    calls: [
      // The recorded San Francisco search: one page.
      {
        path: '/v1/reviewsite/businesses',
        query: { query: 'restaurants', location: 'San Francisco, CA' },
        units: 1,
      },
      // The assembled business with 23 reviews: offsets 0 and 20.
      {
        path: '/v1/reviewsite/business/reviews',
        query: { business_id: 'assembled-twenty-three-reviews', pages: '2' },
        units: 2,
      },
    ],
  },
  // SearXNG pageno 1, 2 (results) and 3 (empty, not billed).
  {
    family: 'websearch',
    calls: [{ path: '/v1/websearch/results', query: { query: 'open data portals', pages: '3' }, units: 2 }],
  },
  // Nominatim: one search, one request (the probe).
  { family: 'places', calls: [{ path: '/v1/places/search', query: { query: 'Cologne Cathedral' }, units: 1 }] },
  // Instagram business discovery: one lookup (the probe).
  {
    family: 'photonet',
    calls: [{ path: '/v1/photonet/user', query: { username: 'facebookfordevelopers' }, units: 1 }],
  },
  // Graph API page videos: the recorded page and its `after` page.
  {
    family: 'socialnet',
    calls: [{ path: '/v1/socialnet/page/videos', query: { delegate_page_id: '19292868552', pages: '2' }, units: 2 }],
  },
  // Threads profile posts: the assembled full page of 35 and the documented page after it.
  {
    family: 'textthreads',
    calls: [
      { path: '/v1/textthreads/user/posts', query: { username: 'assembled_thirty_eight', pages: '2' }, units: 2 },
    ],
  },
  {
    family: 'forumsite',
    calls: [
      // /search.json: one request of 100, the first page of 25.
      { path: '/v1/forumsite/posts', query: { query: 'praw oauth search' }, units: 1 },
      // The comment tree, then two "more" stubs.
      { path: '/v1/forumsite/post/comments', query: { post_id: '3hahrw', pages: '3' }, units: 3 },
    ],
  },
  {
    family: 'videosite',
    calls: [
      // search.list pages 1 and 2 (each with videos.list), the empty third not billed.
      { path: '/v1/videosite/videos', query: { query: 'surfing', pages: '3' }, units: 2 },
      // commentThreads.list: the recorded page, the empty second not billed.
      { path: '/v1/videosite/video/comments', query: { id: 'F1UP7wRCPH8', pages: '2' }, units: 1 },
    ],
  },
];

/** The route table of a family, when it has one. */
export const routeTableOf = (family: Family) => `lib/api/providers/live/${family}/__tests__/support/routes.ts`;

export const hasRouteTable = (family: Family) => existsSync(routeTableOf(family));

/** The request path of a call, its query encoded. */
export function callPath(call: LiveReplayCall): string {
  const query = Object.entries(call.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${call.path}?${query}`;
}
