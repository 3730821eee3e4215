// GET /v1/forumsite/posts live: the platform's site-wide search (`/search.json`), 100 posts a
// request cut into the real service's pages of 25, so `page` N costs ⌈N/4⌉ requests (3 at most
// for page 12) and neighbouring pages share cached requests. Posts map as community posts do.
import type { ForumsitePost } from '../../../registry/forumsite';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import { type ForumsiteClient, PAGE_SIZE, PLATFORM_LIMIT, timeWindows } from './client';
import { listingPayload, mapPost, postPayload, type Site } from './map';

/** The API's sort_by -> the search's `sort`. */
const searchSorts: Record<string, string> = {
  relevance: 'relevance',
  hot: 'hot',
  top: 'top',
  most_recent: 'new',
  comments: 'comments',
};
/** The real service's last `page`. */
const MAX_SEARCH_PAGE = 12;

export interface SearchQuery {
  query: string;
  sortBy: string;
  postedAgo: string;
  page: number;
}

interface MappedSearchPage {
  posts: readonly ForumsitePost[];
  after: string | null;
}

/** Mapped pages by the (cached, shared) platform body they came from: each is checked and mapped once. */
const mapped = new WeakMap<object, MappedSearchPage>();

async function searchRequest(
  client: ForumsiteClient,
  site: Site,
  log: (message: string) => void,
  query: SearchQuery,
  after: string | undefined,
  signal: AbortSignal,
): Promise<MappedSearchPage> {
  const q = {
    q: query.query,
    sort: searchSorts[query.sortBy] ?? 'relevance',
    t: timeWindows[query.postedAgo] ?? 'all',
    limit: PLATFORM_LIMIT,
    after,
  };
  const page = await client.get('/search.json', q, signal);
  if (page.status !== 200) {
    log(`live forumsite: GET /search.json answered ${page.status} (upstream_error)`);
    throw new ProviderError('upstream_error', `The forumsite platform answered ${page.status}`);
  }
  const body = page.body as object;
  const known = mapped.get(body);
  if (known) return known;
  const listing = parsePayload(listingPayload, page.body, { family: 'forumsite', what: 'search listing', log });
  const posts: ForumsitePost[] = [];
  for (const [index, child] of listing.data.children.entries()) {
    if (child.kind !== 't3') continue; // a post search holds posts; anything else is skipped
    const post = parsePayload(postPayload, child.data, { family: 'forumsite', what: `search result ${index}`, log });
    posts.push(mapPost(post, site));
  }
  const result = { posts, after: listing.data.after ?? null };
  mapped.set(body, result);
  return result;
}

/** One page of 25 results, and whether a next page holds any. */
export async function searchPosts(
  client: ForumsiteClient,
  context: { site: Site; log(message: string): void },
  query: SearchQuery,
  signal: AbortSignal,
): Promise<{ posts: ForumsitePost[]; hasNextPage: boolean }> {
  const first = (query.page - 1) * PAGE_SIZE;
  const posts: ForumsitePost[] = [];
  let after: string | undefined;
  let more = true;
  // A next page exists when posts past this page are in hand, or the platform gave a cursor.
  while (posts.length < first + PAGE_SIZE) {
    const page = await searchRequest(client, context.site, context.log, query, after, signal);
    posts.push(...page.posts);
    more = Boolean(page.after) && page.after !== after && page.posts.length > 0;
    if (!more) break;
    after = page.after!;
  }
  const hasNextPage = query.page < MAX_SEARCH_PAGE && (posts.length > first + PAGE_SIZE || more);
  // Copies: the gateway adds `sentiment` to the records it sends, and these may be shared.
  return { posts: posts.slice(first, first + PAGE_SIZE).map((post) => ({ ...post })), hasNextPage };
}
