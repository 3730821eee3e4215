// The reviewsite live adapter: the Yelp Fusion API (LIVE_REVIEWSITE_URL, default
// https://api.yelp.com) with the operator's API key, LIVE_REVIEWSITE_API_KEY, as a bearer token;
// without one the family stays on its sandbox or upstream. GET /v1/reviewsite/businesses is one
// /v3/businesses/search page; GET /v1/reviewsite/business/reviews walks /v3/businesses/{id}/reviews
// by offset. Requests and errors: ./client.ts; the records: ./map.ts; the field table:
// docs/data-sources.md.
import type { ParamsOf } from '../../../registry';
import { REVIEWSITE_REVIEWS_PAGE, REVIEWSITE_SEARCH_PAGE } from '../../../registry/reviewsite';
import { walkPages } from '../paging';
import type { LiveAdapter, PlatformSite } from '../types';
import { type Call, fetchReviews, SEARCH_WINDOW, searchBusinesses } from './client';
import { toReviewsiteBusiness, toReviewsiteReview } from './map';
import type { EnvRecord } from '@/lib/env';

type SearchQuery = ParamsOf<'/v1/reviewsite/businesses'>;
type ReviewsQuery = ParamsOf<'/v1/reviewsite/business/reviews'>;

function reviewsiteApiKey(env: EnvRecord): string | undefined {
  return env.LIVE_REVIEWSITE_API_KEY?.trim() || undefined;
}

async function searchCall(call: Call, query: SearchQuery, site: PlatformSite) {
  const page = query.page ?? 1;
  const found = await searchBusinesses(call, {
    term: query.query,
    location: query.location,
    page,
    sortBy: query.sort_by ?? 'best_match',
    pageSize: REVIEWSITE_SEARCH_PAGE,
  });
  const end = Math.min(found.total ?? 0, SEARCH_WINDOW);
  const businesses = found.businesses.map((business) => toReviewsiteBusiness(business, site));
  return {
    body: {
      businesses,
      query: query.query,
      location: query.location,
      page,
      total: found.total,
      has_next_page: businesses.length > 0 && end > page * REVIEWSITE_SEARCH_PAGE,
      count: businesses.length,
    },
    pagesReturned: 1,
  };
}

async function reviewsCall(call: Call, query: ReviewsQuery, site: PlatformSite) {
  let total = 0;
  const walked = await walkPages(query.pages ?? 1, async (cursor, index) => {
    const offset = cursor === undefined ? 0 : Number(cursor);
    const page = await fetchReviews(call, {
      businessId: query.business_id,
      offset,
      sortBy: query.sort_by === 'newest' ? 'newest' : 'yelp_sort',
      pageSize: REVIEWSITE_REVIEWS_PAGE,
    });
    // The business's count as the first page gave it (a later page may be of a moved list).
    if (index === 0) total = page.total;
    const nextOffset = offset + page.reviews.length;
    // A short page is the last one the key may read (base access hands out 3 of any total).
    const more = page.reviews.length === REVIEWSITE_REVIEWS_PAGE && nextOffset < page.total;
    return {
      records: page.reviews.map((review) => toReviewsiteReview(review, site)),
      next: more ? String(nextOffset) : undefined,
    };
  });
  return {
    body: {
      reviews: walked.records,
      business_id: query.business_id,
      total,
      pages: walked.pagesReturned,
      count: walked.records.length,
    },
    pagesReturned: walked.pagesReturned,
  };
}

export const reviewsiteAdapter: LiveAdapter<'/v1/reviewsite/businesses' | '/v1/reviewsite/business/reviews'> = {
  family: 'reviewsite',
  defaultBaseUrl: 'https://api.yelp.com',
  site: { source: 'Yelp', domain: 'yelp.com' },
  // Yelp allows a key about 5,000 calls a day (the trial; plans set their own) and answers 429
  // TOO_MANY_REQUESTS_PER_SECOND past a few calls a second. 60 a minute after a burst of 10
  // keeps under the per-second limit; the daily one is the operator's plan.
  politeness: { requestsPerMinute: 60, burst: 10, concurrency: 2 },
  paths: ['/v1/reviewsite/businesses', '/v1/reviewsite/business/reviews'],
  // One search, one request (the replay answers it with the recorded San Francisco search).
  probe: { path: '/v1/reviewsite/businesses', query: { query: 'restaurants', location: 'San Francisco, CA' } },
  probes: [{ path: '/v1/reviewsite/business/reviews', query: { business_id: 'la-palma-mexicatessen-san-francisco' } }],
  unavailableReason: (env) =>
    reviewsiteApiKey(env)
      ? undefined
      : 'LIVE_REVIEWSITE_API_KEY is not set: the Yelp Fusion API answers only with an API key (a Yelp developer app)',
  createHandlers({ platform, env, log, site }) {
    const apiKey = reviewsiteApiKey(env);
    // resolveSources keeps the family off live without a key; this guards any other caller.
    if (!apiKey) throw new Error('LIVE_REVIEWSITE_API_KEY is not set');
    return {
      '/v1/reviewsite/businesses': (query, signal) => searchCall({ platform, apiKey, signal, log }, query, site),
      '/v1/reviewsite/business/reviews': (query, signal) => reviewsCall({ platform, apiKey, signal, log }, query, site),
    };
  },
};
