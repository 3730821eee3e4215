// The Yelp Fusion API calls behind the reviewsite endpoints, with the operator's API key as a
// bearer token:
//   GET /v3/businesses/search?term=&location=&limit=20&offset=&sort_by=   (one page per call)
//   GET /v3/businesses/{id}/reviews?limit=20&offset=&sort_by=            (walked by offset)
// Statuses: 404 BUSINESS_NOT_FOUND -> 404 not_found; 400 LOCATION_NOT_FOUND -> 400
// invalid_parameter naming `location`; other 400s, 401 and 403 (a refused or invalid key) ->
// logged 502; 429 (per-second or daily limit) -> the framework's 429 upstream_rate_limit.
import { z } from 'zod';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient, PlatformResponse } from '../platform-client';
import { type YelpBusiness, type YelpReview, yelpReviewsSchema, yelpSearchSchema } from './map';

export const SEARCH_PATH = '/v3/businesses/search';
export const reviewsPath = (businessId: string) => `/v3/businesses/${encodeURIComponent(businessId)}/reviews`;
/** The API serves no result past offset + limit = 240 of one search. */
export const SEARCH_WINDOW = 240;

export interface Call {
  platform: PlatformClient;
  apiKey: string;
  signal: AbortSignal;
  log(message: string): void;
}

const errorBodySchema = z.object({ error: z.object({ code: z.string(), description: z.string().optional() }) });

function errorCode(body: unknown): string {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success ? parsed.data.error.code : 'unknown';
}

async function get(call: Call, path: string, query: Record<string, string | number | undefined>) {
  return call.platform.request({
    path,
    query,
    headers: { authorization: `Bearer ${call.apiKey}` },
    accept: [400, 401, 403, 404],
    signal: call.signal,
  });
}

/** A refusal that is not the caller's: logged with the API's code, answered 502. */
function refused(call: Call, what: string, page: PlatformResponse): ProviderError {
  const code = errorCode(page.body);
  const hint =
    page.status === 401 || page.status === 403 ? ': check LIVE_REVIEWSITE_API_KEY (a Yelp Fusion API key)' : '';
  call.log(`live reviewsite: ${what} answered ${page.status} ${code}${hint} (upstream_error)`);
  return new ProviderError('upstream_error', `The review site refused the request (${page.status})`);
}

export type SearchSort = 'best_match' | 'rating' | 'review_count' | 'distance';

export interface SearchPage {
  businesses: YelpBusiness[];
  total: number | null;
}

/** One page of a business search; a page past the API's 240 results is empty, the API not asked. */
export async function searchBusinesses(
  call: Call,
  search: { term: string; location: string; page: number; sortBy: SearchSort; pageSize: number },
): Promise<SearchPage> {
  const offset = (search.page - 1) * search.pageSize;
  if (offset + search.pageSize > SEARCH_WINDOW) return { businesses: [], total: null };
  const page = await get(call, SEARCH_PATH, {
    term: search.term,
    location: search.location,
    limit: search.pageSize,
    offset,
    sort_by: search.sortBy,
  });
  if (page.status === 400 && errorCode(page.body) === 'LOCATION_NOT_FOUND') {
    throw new ProviderError('invalid_parameter', "Invalid parameter 'location': the review site cannot find it");
  }
  if (page.status !== 200) throw refused(call, 'businesses/search', page);
  const body = parsePayload(yelpSearchSchema, page.body, {
    family: 'reviewsite',
    what: 'businesses/search',
    log: call.log,
  });
  return { businesses: body.businesses, total: body.total ?? null };
}

export interface ReviewsPage {
  reviews: YelpReview[];
  total: number;
}

/** One page of a business's reviews from `offset`; an unknown business is not_found. */
export async function fetchReviews(
  call: Call,
  request: { businessId: string; offset: number; sortBy: 'yelp_sort' | 'newest'; pageSize: number },
): Promise<ReviewsPage> {
  const page = await get(call, reviewsPath(request.businessId), {
    limit: request.pageSize,
    offset: request.offset === 0 ? undefined : request.offset,
    sort_by: request.sortBy,
  });
  if (page.status === 404) throw new ProviderError('not_found', `No reviewsite business ${request.businessId}`);
  if (page.status !== 200) throw refused(call, 'businesses/{id}/reviews', page);
  const body = parsePayload(yelpReviewsSchema, page.body, {
    family: 'reviewsite',
    what: 'businesses/{id}/reviews',
    log: call.log,
  });
  return { reviews: body.reviews, total: body.total };
}
