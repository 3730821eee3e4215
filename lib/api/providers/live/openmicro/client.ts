// GET /v1/openmicro/posts on app.bsky.feed.searchPosts: the query and filters as the platform's
// parameters (./query.ts), `pages=N` walking its cursor 50 posts at a time, the account's token
// when one is configured (./session.ts), and what its statuses mean:
//   400 InvalidRequest / BadQueryString -> 400 invalid_parameter (the caller's query), unbilled
//   400/401 ExpiredToken, 401 with an account -> a new session, the page asked once more
//   401/403 without an account           -> 502 upstream_error, logged: the AppView wants one
//   429 (with ratelimit-reset)           -> 429 upstream_rate_limit (the framework; ./index.ts reads the reset)
import type { OpenmicroPost } from '../../../registry/openmicro';
import { ProviderError, type ProviderResult } from '../../../registry/types';
import { walkPages } from '../paging';
import { parsePayload } from '../payload';
import type { PlatformClient, PlatformResponse } from '../platform-client';
import { toOpenmicroPost, type Site } from './map';
import { holdsExcluded, planSearch, searchRequest, type SearchInput, type SearchPlan } from './query';
import { searchPostsSchema, xrpcError } from './schema';
import type { AccountSession } from './session';

interface SearchContext {
  platform: PlatformClient;
  session: AccountSession;
  site: Site;
  log(message: string): void;
}

const tokenErrors = new Set(['ExpiredToken', 'InvalidToken']);

/** The server refused the token (not the request): a new session may fix it. */
function tokenRefused(page: PlatformResponse): boolean {
  return page.status === 401 || (page.status === 400 && tokenErrors.has(xrpcError(page.body).error));
}

async function requestPage(
  context: SearchContext,
  plan: SearchPlan,
  cursor: string | undefined,
  signal: AbortSignal,
): Promise<PlatformResponse> {
  const { platform, session } = context;
  const { path, query } = searchRequest(plan, cursor);
  const send = (token: string | undefined, cache: boolean) =>
    platform.request({
      path,
      query,
      headers: token ? { authorization: `Bearer ${token}` } : undefined,
      accept: [400, 401, 403],
      cache,
      signal,
    });
  let token = await session.accessToken(signal);
  let page = await send(token, true);
  if (!session.enabled || !tokenRefused(page)) return page;
  // A refusal kept in the page cache may be older than the current token: ask again before renewing.
  let renewed = false;
  if (!page.fromCache) {
    token = await session.renew(token, signal);
    renewed = true;
  }
  page = await send(token, false);
  if (tokenRefused(page) && !renewed) {
    token = await session.renew(token, signal);
    page = await send(token, false);
  }
  return page;
}

async function searchPage(context: SearchContext, plan: SearchPlan, cursor: string | undefined, signal: AbortSignal) {
  const { log, session } = context;
  const page = await requestPage(context, plan, cursor, signal);
  if (page.status === 400 && !tokenRefused(page)) {
    const { error, message } = xrpcError(page.body);
    log(
      `live openmicro: searchPosts refused the request (400 ${error}${message ? `: ${message}` : ''}) (invalid_parameter)`,
    );
    throw new ProviderError(
      'invalid_parameter',
      `Invalid parameter 'query': the platform refused it${message ? ` (${message})` : ` (${error})`}`,
    );
  }
  if (page.status === 401 || page.status === 403 || page.status === 400) {
    const { error } = xrpcError(page.body);
    log(
      session.enabled
        ? `live openmicro: searchPosts answered ${page.status} ${error} even with a new session (upstream_error)`
        : `live openmicro: searchPosts answered ${page.status} ${error}: this AppView serves search to signed-in clients only; ` +
            'set LIVE_OPENMICRO_IDENTIFIER and LIVE_OPENMICRO_PASSWORD (an app password) (upstream_error)',
    );
    throw new ProviderError('upstream_error', 'The openmicro platform did not serve the search to this service');
  }
  const payload = parsePayload(searchPostsSchema, page.body, { family: 'openmicro', what: 'searchPosts', log });
  return { records: payload.posts.map((post) => toOpenmicroPost(post, context.site)), next: payload.cursor };
}

/** One call: up to `pages` platform pages; billed per page that returned posts. */
export async function searchPosts(
  context: SearchContext,
  params: SearchInput & { pages?: number },
  signal: AbortSignal,
): Promise<ProviderResult> {
  const plan = planSearch(params);
  const walked = await walkPages(params.pages ?? 1, (cursor) => searchPage(context, plan, cursor, signal));
  // The cursor is an offset into results that move while they are read (newest first): a post can
  // come twice across pages; it is kept once. Posts holding an excluded word are left out.
  const seen = new Set<string>();
  const posts: OpenmicroPost[] = walked.records.filter((post) => {
    if (seen.has(post.post_id) || holdsExcluded(post.snippet, plan.excluded)) return false;
    seen.add(post.post_id);
    return true;
  });
  return { body: { posts, pages: walked.pagesReturned, count: posts.length }, pagesReturned: walked.pagesReturned };
}
