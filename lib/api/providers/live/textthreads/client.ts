// The Threads API call behind GET /v1/textthreads/user/posts, with the operator's access token (an
// app granted threads_basic and threads_profile_discovery):
//   GET /v1.0/profile_posts?username={name}&fields=…&limit=35[&after=…]
// The API reaches public profiles with at least 100 followers (with standard access only Meta's
// own accounts). Statuses: 400 code 100 or 110 (a username it cannot look up) -> 404 not_found,
// billed as one request as the spec says; throttling codes -> 429 upstream_rate_limit; other
// refusals (a bad token, a missing permission) -> logged 502.
import { ProviderError } from '../../../registry/types';
import { type GraphCall, graphFailure, graphGet } from '../meta-graph';
import { parsePayload } from '../payload';
import { POST_FIELDS, profilePostsSchema } from './map';

const THREADS_VERSION = 'v1.0';
export const PROFILE_POSTS_PATH = `/${THREADS_VERSION}/profile_posts`;
/** Posts per page asked of the API: the real service's "up to about 35". */
export const POSTS_PAGE_SIZE = 35;

/** Threads usernames are Instagram's: letters, digits, periods and underscores. */
const THREADS_USERNAME = /^[A-Za-z0-9._]{1,30}$/;

export const profilePostsQuery = (username: string, after?: string) => ({
  username,
  fields: POST_FIELDS.join(','),
  limit: String(POSTS_PAGE_SIZE),
  ...(after === undefined ? {} : { after }),
});

/** One page of a profile's posts from the cursor `after`. */
export async function fetchProfilePosts(call: GraphCall, username: string, after: string | undefined) {
  const missing = `No textthreads user ${username}`;
  if (!THREADS_USERNAME.test(username)) throw new ProviderError('not_found', missing);
  const page = await graphGet(call, PROFILE_POSTS_PATH, profilePostsQuery(username, after));
  if (page.status !== 200) {
    throw graphFailure(call, page, {
      family: 'textthreads',
      what: 'profile_posts',
      tokenSetting: 'LIVE_TEXTTHREADS_ACCESS_TOKEN',
      missing,
      notFound: (error) => error.code === 100 || error.code === 110,
    });
  }
  const body = parsePayload(profilePostsSchema, page.body, {
    family: 'textthreads',
    what: 'profile_posts',
    log: call.log,
  });
  // The API may leave `next` out; a full page with an `after` cursor has a further one to ask for.
  const after_ = body.paging?.cursors?.after;
  const next = after_ && (body.paging?.next || body.data.length >= POSTS_PAGE_SIZE) ? after_ : undefined;
  return { posts: body.data, next };
}
