// The replay route table for websearch: a SearXNG instance's /search answered from
// data/live/websearch/, by the exact query the adapter sends.
//
// No recorded SearXNG answer with a licence was found (client libraries' tests inline a handful
// of invented fields), and SearXNG's documentation shows no example answer. The three pages are
// written for this project in the shape SearXNG's JSON format has (searx/webapp.py: `query`,
// `number_of_results`, `results` with url, title, content, engine, parsed_url, template, engines,
// positions, score, category, publishedDate; `answers`, `corrections`, `infoboxes`, `suggestions`,
// `unresponsive_engines`), with real open-data sites: page 1 holds 11 results (one more than a
// page), page 2 repeats one of page 1 and adds two, page 3 is empty (the engines have no more).
// They test the paging, the merging and the mapping, not the engines.
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { SEARCH_PATH } from '../../client';

const DIR = 'data/live/websearch';

/** The settings scripts/live-replay.ts prints beside LIVE_WEBSEARCH_URL (none: the URL is the instance). */
/** @public read by name by scripts/live-replay.ts */
export const websearchReplayEnv = {};

export const PORTALS = 'open data portals';

export const searchQuery = (pageno: number, extra: Record<string, string> = {}) => ({
  q: PORTALS,
  format: 'json',
  pageno: String(pageno),
  categories: 'general',
  language: 'en-US',
  ...extra,
});

export const websearchRoutes: ReplayRoute[] = [
  ...[1, 2, 3].map((pageno) => ({
    path: SEARCH_PATH,
    query: searchQuery(pageno),
    file: `${DIR}/searxng-open-data-portals-page${pageno}.json`,
  })),
  {
    path: SEARCH_PATH,
    query: searchQuery(1, { language: 'en-GB', time_range: 'month' }),
    file: `${DIR}/searxng-open-data-portals-page1.json`,
  },
];
