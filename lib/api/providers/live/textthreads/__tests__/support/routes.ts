// The replay route table for textthreads: the Threads API's profile posts answered from
// data/live/textthreads/ (sources in NOTICE), by the query the adapter sends.
//
// No recording exists: the Threads API's profile discovery is granted to few apps and no public
// repository with a licence keeps an answer of it. profile-posts-documented.json is Meta's
// documented example of a list of threads (the Threads API documentation, "Retrieve User Posts":
// its field names and example values, threadsapitestuser). A profile with more than one page is
// assembled here (THIRTY_EIGHT): its first page holds the documented posts repeated to a full page
// of 35 with their ids numbered, and its `after` answers the documented page; it
// tests the cursor walk, not the platform. The 400 for a username the API cannot look up is
// written in the Graph API's error shape (Meta documents no body for it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { POSTS_PAGE_SIZE, PROFILE_POSTS_PATH, profilePostsQuery } from '../../client';

const DIR = 'data/live/textthreads';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

export const REPLAY_TOKEN = 'replay-textthreads-token';

/** @public read by name by scripts/live-replay.ts */
export const textthreadsReplayEnv = { LIVE_TEXTTHREADS_ACCESS_TOKEN: REPLAY_TOKEN };

export const DOCUMENTED_USER = 'threadsapitestuser';
export const THIRTY_EIGHT = 'assembled_thirty_eight';
export const UNKNOWN_USER = 'no_such_threads_user';

interface DocumentedPage {
  data: Array<{ id: string }>;
}

function documented(): DocumentedPage {
  return JSON.parse(readFileSync(path.resolve(repositoryRoot, DIR, 'profile-posts-documented.json'), 'utf8'));
}

function assembledFirstPage(): unknown {
  const posts = documented().data;
  const data = Array.from({ length: POSTS_PAGE_SIZE }, (_, i) => ({
    ...posts[i % posts.length]!,
    id: `${posts[i % posts.length]!.id}${String(i).padStart(2, '0')}`,
  }));
  return {
    data,
    // Cursors without a `next` link, as Meta's examples give them: a full page is followed.
    paging: { cursors: { before: 'BEFORE_CURSOR', after: 'AFTER_CURSOR' } },
  };
}

export const textthreadsRoutes: ReplayRoute[] = [
  {
    path: PROFILE_POSTS_PATH,
    query: profilePostsQuery(DOCUMENTED_USER),
    file: `${DIR}/profile-posts-documented.json`,
  },
  { path: PROFILE_POSTS_PATH, query: profilePostsQuery(THIRTY_EIGHT), body: assembledFirstPage() },
  {
    path: PROFILE_POSTS_PATH,
    query: profilePostsQuery(THIRTY_EIGHT, 'AFTER_CURSOR'),
    file: `${DIR}/profile-posts-documented.json`,
  },
  {
    path: PROFILE_POSTS_PATH,
    query: profilePostsQuery(UNKNOWN_USER),
    status: 400,
    body: {
      error: {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code: 100,
        error_user_msg: `The user ${UNKNOWN_USER} cannot be found.`,
        fbtrace_id: 'AreplayTraceId',
      },
    },
  },
];
