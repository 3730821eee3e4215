// The replay route table for reviewsite: the Yelp Fusion API's paths answered from
// data/live/reviewsite/ (sources and licences in NOTICE), by the query the adapter sends.
//
// What is recorded and what is not:
// - search-sf-stewseo-2023.json is a real /v3/businesses/search answer for San Francisco (20
//   businesses, total 6800), recorded by stewseo/yelp-fusion-client's tests; the repository does
//   not keep the request, so it answers here the adapter's request for `restaurants` in
//   `San Francisco, CA`, page 1.
// - No real reviews answer with a public licence was found: reviews-la-palma-documented.json is
//   Yelp's documented example of /v3/businesses/{id}/reviews (3 reviews of La Palma Mexicatessen).
// - A business with more than one page of reviews is assembled here (TWENTY_THREE): its first page
//   holds the documented three reviews repeated with their ids numbered (20 reviews, total 23), and
//   its offset 20 is the documented answer itself; it tests the offset walk, not the platform.
// - The 404 and 429 bodies are the Yelp client's (Yelp/yelp-python) documented error bodies; the
//   400 LOCATION_NOT_FOUND body is inline (Yelp's documented text).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { reviewsPath, SEARCH_PATH } from '../../client';

const DIR = 'data/live/reviewsite';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** The key the replay expects (LIVE_REVIEWSITE_API_KEY for tests and scripts/live-replay.ts). */
export const REPLAY_API_KEY = 'replay-reviewsite-key';

/** The settings scripts/live-replay.ts prints beside LIVE_REVIEWSITE_URL. */
/** @public read by name by scripts/live-replay.ts */
export const reviewsiteReplayEnv = { LIVE_REVIEWSITE_API_KEY: REPLAY_API_KEY };

/** A recording's text, for faults and for payloads a test derives from it. */
export function recording(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

export const SF_SEARCH = { query: 'restaurants', location: 'San Francisco, CA' };
export const LA_PALMA = 'la-palma-mexicatessen-san-francisco';
export const TWENTY_THREE = 'assembled-twenty-three-reviews';
export const UNKNOWN_BUSINESS = 'no-such-business-anywhere';
export const UNKNOWN_LOCATION = 'Nowhere Atall, ZZ';

const searchQuery = (term: string, location: string, offset = 0) => ({
  term,
  location,
  limit: '20',
  offset: String(offset),
  sort_by: 'best_match',
});

/** The documented reviews answer with its three reviews repeated to a full page of 20, total 23. */
function assembledFirstPage(): unknown {
  const documented = JSON.parse(recording('reviews-la-palma-documented.json')) as {
    reviews: Array<{ id: string }>;
  };
  const reviews = Array.from({ length: 20 }, (_, i) => ({
    ...documented.reviews[i % 3]!,
    id: `${documented.reviews[i % 3]!.id}-${i}`,
  }));
  return { reviews, total: 23, possible_languages: ['en'] };
}

export const reviewsiteRoutes: ReplayRoute[] = [
  {
    path: SEARCH_PATH,
    query: searchQuery(SF_SEARCH.query, SF_SEARCH.location),
    file: `${DIR}/search-sf-stewseo-2023.json`,
  },
  {
    path: SEARCH_PATH,
    query: searchQuery('pizza', UNKNOWN_LOCATION),
    status: 400,
    body: {
      error: {
        code: 'LOCATION_NOT_FOUND',
        description: 'Could not execute search, try specifying a more exact location.',
      },
    },
  },
  {
    path: reviewsPath(LA_PALMA),
    query: { limit: '20', sort_by: 'yelp_sort' },
    file: `${DIR}/reviews-la-palma-documented.json`,
  },
  {
    path: reviewsPath(LA_PALMA),
    query: { limit: '20', sort_by: 'newest' },
    file: `${DIR}/reviews-la-palma-documented.json`,
  },
  { path: reviewsPath(TWENTY_THREE), query: { limit: '20', sort_by: 'yelp_sort' }, body: assembledFirstPage() },
  {
    path: reviewsPath(TWENTY_THREE),
    query: { limit: '20', offset: '20', sort_by: 'yelp_sort' },
    file: `${DIR}/reviews-la-palma-documented.json`,
  },
  {
    path: reviewsPath(UNKNOWN_BUSINESS),
    query: { limit: '20', sort_by: 'yelp_sort' },
    status: 404,
    file: `${DIR}/error-business-not-found-404.json`,
  },
];
