// The replay route table for xnet: X API v2 recent search answered from data/live/xnet/ (sources
// and licences in NOTICE), by the query the adapter sends.
//
// Differences from the recorded requests, all in this table, none in the bodies:
// - tweepy recorded GET /2/tweets/search/recent?query=Tweepy with no fields or expansions; the
//   adapter asks 20 posts with fields and the author expanded. The two answers hold 10 posts each,
//   without created_at, metrics or includes (what X sends when they are not asked for).
// - No chained second page was recorded: the 23:07 answer's next_token is answered with the 22:43
//   answer, a real answer to the same query with older posts, whose own next_token ends the chain
//   here (answered with X's documented empty result).
// - search-recent-python-documented-example.json is X's documentation example with the author
//   expanded (docs.x.com, recent search quickstart), not a recording: no public recording of a
//   search with expansions was found.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { SEARCH_PATH, searchQuery } from '../../client';

const DIR = 'data/live/xnet';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** The token the replay expects (LIVE_XNET_BEARER_TOKEN for tests and scripts/live-replay.ts). */
export const REPLAY_TOKEN = 'replay-xnet-bearer-token';

/** The settings scripts/live-replay.ts prints beside LIVE_XNET_URL. */
/** @public read by name by scripts/live-replay.ts */
export const xnetReplayEnv = { LIVE_XNET_BEARER_TOKEN: REPLAY_TOKEN };

export function recording(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

export const LATER = 'search-recent-tweepy-2022-10-07T23-07.json';
export const EARLIER = 'search-recent-tweepy-2022-10-07T22-43.json';
export const LATER_NEXT = 'b26v89c19zqg8o3fpzbn1e0frlukytxrp1o8pel01jb7h';
export const EARLIER_NEXT = 'b26v89c19zqg8o3fpzbn1e0ffhxjiofzw6po136rvbnul';
export const DOCUMENTED_QUERY = 'python lang:en -is:retweet';
/** X's answer when nothing matches: no `data`, result_count 0 (X's documentation). */
const NO_RESULTS = { meta: { result_count: 0 } };

export const xnetRoutes: ReplayRoute[] = [
  { path: SEARCH_PATH, query: searchQuery('Tweepy', 'most_recent'), file: `${DIR}/${LATER}` },
  { path: SEARCH_PATH, query: searchQuery('Tweepy', 'most_recent', LATER_NEXT), file: `${DIR}/${EARLIER}` },
  { path: SEARCH_PATH, query: searchQuery('Tweepy', 'most_recent', EARLIER_NEXT), body: NO_RESULTS },
  { path: SEARCH_PATH, query: searchQuery('Tweepy', 'relevance'), file: `${DIR}/${EARLIER}` },
  {
    path: SEARCH_PATH,
    query: searchQuery(DOCUMENTED_QUERY, 'most_recent'),
    file: `${DIR}/search-recent-python-documented-example.json`,
  },
  { path: SEARCH_PATH, query: searchQuery('kljadklajsdkljlkjlkjlkjasdasd', 'most_recent'), body: NO_RESULTS },
];
