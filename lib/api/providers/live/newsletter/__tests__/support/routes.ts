// The replay route table for newsletter: Substack's real paths answered from data/live/newsletter/
// (sources and licences in NOTICE). Under a LIVE_NEWSLETTER_URL other than substack.com, a
// publication's own API is asked at <that URL>/<host>/api/v1/…, so one server answers both hosts.
//
// No archive answer of a publication was recorded; the archive route answers the one post that
// was (the `post` of posts/by-id/167180194, unedited) as a one-element array, the shape the
// archive has in NHagar/substack_api (a list of posts read by their fields).
import type { ReplayRoute } from '../../../__tests__/support/replay-server';

const DIR = 'data/live/newsletter';

/** angelsant.substack.com (Workflow Forge), recorded 2025-07: no custom domain, no podcast, payments disabled. */
export const ANGELSANT = { host: 'angelsant.substack.com', postId: 167180194, publicationId: '4980083' };
/** A host Substack knows nothing about (no public recording of the answer: the status alone). */
export const UNKNOWN_HOST = 'no-such-publication-h16.substack.com';
/** A publication with no post yet: an empty archive. */
export const EMPTY_HOST = 'empty-archive.substack.com';

export const newsletterRoutes: ReplayRoute[] = [
  {
    path: `/${ANGELSANT.host}/api/v1/archive`,
    query: { sort: 'new', offset: '0', limit: '1' },
    file: `${DIR}/archive-angelsant.json`,
  },
  { path: `/api/v1/posts/by-id/${ANGELSANT.postId}`, file: `${DIR}/posts-by-id-167180194.json` },
  { path: `/${UNKNOWN_HOST}/api/v1/archive`, query: { sort: 'new', offset: '0', limit: '1' }, status: 404, body: {} },
  { path: `/${EMPTY_HOST}/api/v1/archive`, query: { sort: 'new', offset: '0', limit: '1' }, body: [] },
  // check-sources asks the adapter's probe publication (slys); the replay server answers it with
  // the recorded archive, so `check-sources` can be tried without the network.
  {
    path: '/slys.substack.com/api/v1/archive',
    query: { sort: 'new', offset: '0', limit: '1' },
    file: `${DIR}/archive-angelsant.json`,
  },
];
