// The SearXNG call behind GET /v1/websearch/results, on the operator's instance (LIVE_WEBSEARCH_URL):
//   GET /search?q=&format=json&pageno=N&categories=general&language=<lang>-<COUNTRY>[&time_range=]
// Statuses: 403 (the instance does not serve the JSON format: `search.formats` in its
// settings.yml lacks `json`) and 404 (no SearXNG there) -> logged 502; 429 (its limiter) -> the
// framework's 429 upstream_rate_limit.
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient, PlatformResponse } from '../platform-client';
import { type SearxngResult, searxngSearchSchema } from './map';

export const SEARCH_PATH = '/search';

export interface Call {
  platform: PlatformClient;
  signal: AbortSignal;
  log(message: string): void;
}

export interface SearchRequest {
  query: string;
  pageno: number;
  /** SearXNG's locale, e.g. "en-GB". */
  language: string;
  /** day, week, month or year; undefined for any time. */
  timeRange: string | undefined;
}

function refused(call: Call, page: PlatformResponse): ProviderError {
  const hint =
    page.status === 403
      ? ': enable the json format in the instance (search.formats in settings.yml)'
      : ': check LIVE_WEBSEARCH_URL (a SearXNG instance)';
  call.log(`live websearch: /search answered ${page.status}${hint} (upstream_error)`);
  return new ProviderError('upstream_error', `The web search engine refused the request (${page.status})`);
}

/** One SearXNG result page. */
export async function searchPage(call: Call, request: SearchRequest): Promise<SearxngResult[]> {
  const page = await call.platform.request({
    path: SEARCH_PATH,
    query: {
      q: request.query,
      format: 'json',
      pageno: request.pageno,
      categories: 'general',
      language: request.language,
      time_range: request.timeRange,
    },
    accept: [403, 404],
    signal: call.signal,
  });
  if (page.status !== 200) throw refused(call, page);
  return parsePayload(searxngSearchSchema, page.body, { family: 'websearch', what: '/search', log: call.log }).results;
}
