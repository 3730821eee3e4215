// The replay route table for socialnet: the Facebook Graph API's page videos answered from
// data/live/socialnet/ (sources and licences in NOTICE), by the query the adapter sends.
//
// What is recorded and what is not:
// - videos-p1.json and videos-p2.json are real answers of GET /{page-id}/videos for the Facebook
//   for Developers page (id 19292868552), recorded by sns-sdks/python-facebook's tests (3 videos
//   with a `next` link, then 2 without one). The recording's cursors were replaced there by the
//   words "before"/"after" and its access token by "access_token"; its requests asked fewer fields
//   (no `picture`) and smaller pages than the adapter does: the second page answers the adapter's
//   `after=after`. Byte for byte; nothing personal to scrub.
// - error-object-does-not-exist.json and error-ppca-needs-app-token.json are the same tests' real
//   400 bodies (code 100): a page the token cannot see, and an app without Page Public Content
//   Access's app secret proof.
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { videosPath, videosQuery } from '../../client';

const DIR = 'data/live/socialnet';

export const REPLAY_TOKEN = 'replay-socialnet-token';

/** @public read by name by scripts/live-replay.ts */
export const socialnetReplayEnv = { LIVE_SOCIALNET_ACCESS_TOKEN: REPLAY_TOKEN };

export const RECORDED_PAGE = '19292868552';
export const UNKNOWN_PAGE = '100000000000001';
export const REFUSED_PAGE = '100000000000002';

export const socialnetRoutes: ReplayRoute[] = [
  { path: videosPath(RECORDED_PAGE), query: videosQuery(), file: `${DIR}/videos-p1.json` },
  { path: videosPath(RECORDED_PAGE), query: videosQuery('after'), file: `${DIR}/videos-p2.json` },
  {
    path: videosPath(UNKNOWN_PAGE),
    query: videosQuery(),
    status: 400,
    file: `${DIR}/error-object-does-not-exist.json`,
  },
  {
    path: videosPath(REFUSED_PAGE),
    query: videosQuery(),
    status: 400,
    file: `${DIR}/error-ppca-needs-app-token.json`,
  },
];
