// The websearch live adapter: a SearXNG instance the operator runs (LIVE_WEBSEARCH_URL; its JSON
// format enabled). Without one the family stays on its sandbox or upstream and /status says why.
// GET /v1/websearch/results walks SearXNG's `pageno` for `pages=N`: up to 10 new results a page
// (a result already returned on an earlier page is left out), stopping at a page with none, and
// bills the pages that returned results. Requests and errors: ./client.ts; the records: ./map.ts;
// the field table: docs/data-sources.md.
import type { ParamsOf } from '../../../registry';
import { ProviderError } from '../../../registry/types';
import type { WebsearchResult } from '../../../registry/websearch';
import { walkPages } from '../paging';
import type { LiveAdapter } from '../types';
import { type Call, searchPage } from './client';
import { toWebsearchResult, webAddress } from './map';
import type { EnvRecord } from '@/lib/env';

type ResultsQuery = ParamsOf<'/v1/websearch/results'>;

const PAGE = 10;

function websearchUrl(env: EnvRecord): string | undefined {
  return env.LIVE_WEBSEARCH_URL?.trim() || undefined;
}

async function resultsCall(call: Call, query: ResultsQuery) {
  // SearXNG's narrowest time range is a day: an hour cannot be asked of it.
  if (query.time === 'hour') {
    throw new ProviderError(
      'invalid_parameter',
      "Invalid parameter 'time': the web search engine's narrowest range is a day",
    );
  }
  const seen = new Set<string>();
  const walked = await walkPages<WebsearchResult>(query.pages ?? 1, async (_cursor, index) => {
    const results = await searchPage(call, {
      query: query.query,
      pageno: index + 1,
      language: `${query.language ?? 'en'}-${(query.country ?? 'us').toUpperCase()}`,
      timeRange: query.time === undefined || query.time === 'any' ? undefined : query.time,
    });
    const records: WebsearchResult[] = [];
    for (const result of results) {
      const url = webAddress(result.url);
      if (!url || seen.has(url.toString()) || records.length === PAGE) continue;
      seen.add(url.toString());
      records.push(toWebsearchResult(result, url, { position: records.length + 1, rank: seen.size }));
    }
    return { records, next: String(index + 2) };
  });
  return {
    body: { results: walked.records, pages: walked.pagesReturned, count: walked.records.length },
    pagesReturned: walked.pagesReturned,
  };
}

export const websearchAdapter: LiveAdapter<'/v1/websearch/results'> = {
  family: 'websearch',
  // SearXNG's own default address; never asked without LIVE_WEBSEARCH_URL (unavailableReason).
  defaultBaseUrl: 'http://localhost:8888',
  site: 'per-record',
  // The operator's own instance, which asks the engines behind it: a few calls a second at most,
  // so its engines do not block it.
  politeness: { requestsPerMinute: 60, burst: 10, concurrency: 2 },
  paths: ['/v1/websearch/results'],
  probe: { path: '/v1/websearch/results', query: { query: 'open data portals' } },
  unavailableReason: (env) =>
    websearchUrl(env)
      ? undefined
      : 'LIVE_WEBSEARCH_URL is not set: web search needs a SearXNG instance the operator runs, with its JSON format enabled',
  createHandlers({ platform, log }) {
    return {
      '/v1/websearch/results': (query, signal) => resultsCall({ platform, signal, log }, query),
    };
  },
};
