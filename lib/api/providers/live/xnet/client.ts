// The X API v2 request behind GET /v1/xnet/posts: recent search (the last seven days) with the
// author expanded and the public metrics asked for, with the operator's bearer token; what X's
// refusals mean here. Every request X answers is counted (pay-per-use on X's side) for /status.
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient } from '../platform-client';
import { type SearchRecent, searchRecentSchema } from './map';

export const SEARCH_PATH = '/2/tweets/search/recent';
/** Posts per page: the spec's page (X allows 10 to 100). */
const POSTS_PER_PAGE = 20;
const TWEET_FIELDS = 'created_at,author_id,lang,public_metrics,entities,referenced_tweets';
const USER_FIELDS = 'username,verified,public_metrics';
/** Requests are counted per UTC day (the platform bills its pay-per-use credits as used). */
export const COUNT_TIME_ZONE = 'UTC';

export interface SearchCall {
  platform: PlatformClient;
  token: string;
  signal: AbortSignal;
  log(message: string): void;
  /** Counts one request the platform answered. */
  count(): Promise<void>;
}

/** The query parameters of one page (tests and the replay table build the same). */
export function searchQuery(query: string, sortBy: string, nextToken?: string): Record<string, string> {
  return {
    query,
    max_results: String(POSTS_PER_PAGE),
    sort_order: sortBy === 'relevance' ? 'relevancy' : 'recency',
    'tweet.fields': TWEET_FIELDS,
    expansions: 'author_id',
    'user.fields': USER_FIELDS,
    ...(nextToken ? { next_token: nextToken } : {}),
  };
}

/** X's problem details ({title, detail, errors[].message}) as one line. */
function problemOf(body: unknown): string {
  if (!body || typeof body !== 'object') return 'no detail';
  const b = body as { title?: unknown; detail?: unknown; errors?: Array<{ message?: unknown }> };
  const first = Array.isArray(b.errors) ? b.errors[0]?.message : undefined;
  return [b.title, typeof first === 'string' ? first : b.detail].filter((p) => typeof p === 'string').join(': ');
}

/** One page of recent search. */
export async function searchPage(
  call: SearchCall,
  query: string,
  sortBy: string,
  nextToken: string | undefined,
): Promise<SearchRecent> {
  const page = await call.platform.request({
    path: SEARCH_PATH,
    query: searchQuery(query, sortBy, nextToken),
    headers: { authorization: `Bearer ${call.token}` },
    accept: [400, 401, 402, 403],
    signal: call.signal,
  });
  if (!page.fromCache && !page.joined) await call.count();
  const where = `live xnet: GET ${SEARCH_PATH}`;
  if (page.status === 400) {
    // X refuses a query it cannot parse (an unknown operator, too long for the access level).
    call.log(`${where}: the platform refused the query (400 ${problemOf(page.body)})`);
    throw new ProviderError('invalid_parameter', `Invalid parameter 'query': ${problemOf(page.body)}`);
  }
  if (page.status === 402) {
    call.log(`${where}: the developer account has no credits left (402 ${problemOf(page.body)}) (upstream_error)`);
    throw new ProviderError('upstream_error', 'The xnet platform answered 402');
  }
  if (page.status !== 200) {
    call.log(
      `${where}: the platform refused LIVE_XNET_BEARER_TOKEN (${page.status} ${problemOf(page.body)}): the token is wrong, revoked, or its app has no access to recent search (upstream_error)`,
    );
    throw new ProviderError('upstream_error', `The xnet platform answered ${page.status}`);
  }
  return parsePayload(searchRecentSchema, page.body, { family: 'xnet', what: 'tweets/search/recent', log: call.log });
}

/**
 * Seconds to wait after X's 429: its x-rate-limit-reset (epoch seconds of the 15-minute window's
 * end) less now, at least 1; X sends no Retry-After.
 */
export function retryAfterFromReset(headers: Readonly<Record<string, string>>, now = Date.now()): number | undefined {
  if (headers['retry-after']) return undefined;
  const reset = Number(headers['x-rate-limit-reset']);
  if (!Number.isFinite(reset) || reset <= 0) return undefined;
  return Math.max(1, Math.ceil(reset - now / 1000));
}
