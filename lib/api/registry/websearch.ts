// The websearch family: web search results.
import { z } from 'zod';
import { count } from './common';
import { int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';

// Web search result (element of `results`)
const websearchResultSchema = z.strictObject({
  /** Position on its result page, from 1. */
  position: z.number().int().min(1),
  /** Rank across the merged result set, from 1. */
  rank: z.number().int().min(1),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
  /** The result's site name (the host without www. when the engine gives none). */
  source: z.string(),
  /** The result's host without www. */
  domain: z.string(),
  /** The address as a result page shows it: host › path segments. */
  displayed_link: z.string(),
});
export type WebsearchResult = z.infer<typeof websearchResultSchema>;

const twoLetters = (what: string, fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: `must be a 2-letter ${what} code` })
    .transform((v) => v.toLowerCase())
    .default(fallback)
    .meta({ type: 'string', pattern: '^[A-Za-z]{2}$', default: fallback });

const websearchResultsParams = params({
  query: text(500),
  pages: int(1, 10, 1),
  country: twoLetters('ISO 3166-1 country', 'us'),
  language: twoLetters('ISO 639-1 language', 'en'),
  time: oneOf(['any', 'hour', 'day', 'week', 'month', 'year'], 'any'),
});

const websearchResultsResponse = z.strictObject({
  results: z.array(websearchResultSchema),
  pages: count,
  count,
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const websearchEndpoints = [
  // GET /v1/websearch/results: organic web results, billed per page of 10
  {
    path: '/v1/websearch/results',
    family: 'websearch',
    method: 'GET',
    summary: 'Search the web',
    description:
      'Organic web results, 10 per page; `pages=3` is billed as 3 pages when the engine returned 3. ' +
      '`country` and `language` target the results (2-letter codes), `time` limits them to the last hour, ' +
      'day, week, month or year. Results already returned on an earlier page are left out of later ones.',
    params: websearchResultsParams,
    response: websearchResultsResponse,
    priceMicros: 4000,
    billingUnit: 'page',
    pageSize: 10,
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { query: 'open data portals', pages: '2', country: 'gb', time: 'month' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
