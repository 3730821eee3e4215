// The replay route table for openmicro: the AT Protocol's real paths answered from the
// recordings in data/live/openmicro/ (sources and licences in NOTICE), values unedited.
//
// What the table decides, none of it in the bodies:
// - Both searchPosts recordings are first pages of q=redistricting (bskyr's cassettes, 2025-05-19
//   and 2023-12-13), each answering cursor "25". No chained second page was found in public
//   sources, so the address of the second page (cursor=25) answers the 2023 recording: it hands
//   back cursor "25" again, where the adapter stops (a cursor that does not move ends the walk).
// - The recordings were asked without sort and limit; the adapter always sends sort and limit=50.
// - Results running out, and the queries of the parameter tests, answer {"posts":[]}: the
//   lexicon's answer with no hits (posts required, cursor left out), not a recording.
// - Sessions: no public recording carries tokens (bskyr's createSession cassette has them blanked
//   by its recorder). The session bodies hold the lexicon's fields with the DID and handle of that
//   recording and test tokens of their own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';

const DIR = 'data/live/openmicro';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** A recording's text, as recorded (fault bodies). */
export function recordingText(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

/** A recording's parsed JSON, for the map tests and for payloads a test derives from it. */
export function recording<T = unknown>(file: string): T {
  return JSON.parse(recordingText(file)) as T;
}

export const SEARCH = '/xrpc/app.bsky.feed.searchPosts';
export const CREATE_SESSION = '/xrpc/com.atproto.server.createSession';
export const REFRESH_SESSION = '/xrpc/com.atproto.server.refreshSession';

export const SEARCH_2025 = `${DIR}/search-posts-redistricting-2025-05-19.json`;
const SEARCH_2023 = `${DIR}/search-posts-redistricting-2023-12-13.json`;

/** The adapter's query for the spec's defaults (sort_by most_recent, 50 a page). */
export const searchQuery = (q: string, extra: Record<string, string> = {}) => ({
  q,
  sort: 'latest',
  limit: '50',
  ...extra,
});

/** The lexicon's answer with no hits. */
export const NO_HITS = { posts: [] };

/** Test tokens (no recording holds real ones). */
export const TOKENS = {
  access1: 'test-access-1',
  refresh1: 'test-refresh-1',
  access2: 'test-access-2',
  refresh2: 'test-refresh-2',
};
const account = { did: 'did:plc:5c2r73erhng4bszmxlfdtscf', handle: 'bskyr.bsky.social' };
export const sessionBody = (accessJwt: string, refreshJwt: string) => ({
  ...account,
  accessJwt,
  refreshJwt,
  active: true,
});

export const openmicroRoutes: ReplayRoute[] = [
  {
    path: SEARCH,
    query: searchQuery('redistricting'),
    file: SEARCH_2025,
    // As recorded with the body.
    headers: {
      'ratelimit-limit': '3000',
      'ratelimit-remaining': '2983',
      'ratelimit-reset': '1747676784',
      'ratelimit-policy': '3000;w=300',
    },
  },
  { path: SEARCH, query: searchQuery('redistricting', { cursor: '25' }), file: SEARCH_2023 },
  { path: SEARCH, query: searchQuery('qwzxv nothing matches this'), body: NO_HITS },
  { method: 'POST', path: CREATE_SESSION, query: {}, body: sessionBody(TOKENS.access1, TOKENS.refresh1) },
  { method: 'POST', path: REFRESH_SESSION, query: {}, body: sessionBody(TOKENS.access2, TOKENS.refresh2) },
];

/**
 * Error bodies without a public recording, as the platform's XRPC server writes them
 * (bluesky-social/atproto packages/xrpc-server/src/errors.ts: {error: name, message: text or the
 * status's text}; the names from packages/bsky/src/auth-verifier.ts and rate-limiter.ts).
 */
export const DOCUMENTED = {
  authRequired: JSON.stringify({ error: 'AuthenticationRequired', message: 'Authentication Required' }),
  forbidden: JSON.stringify({ error: 'Forbidden', message: 'Forbidden' }),
  expiredToken: JSON.stringify({ error: 'ExpiredToken', message: 'Token has expired' }),
  rateLimited: JSON.stringify({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }),
};
