// The reviewsite (business-review site) family: business search and a business's reviews. The
// spec names the family without its records; the fields are the platform's natural ones in the
// spec's style (docs/data-sources.md "reviewsite" maps each to the live platform's field).
import { z } from 'zod';
import { count, sentimentField, utcDate } from './common';
import { bool, int, oneOf, params, text } from './params';
import type { EndpointDefinition } from './types';

/** Businesses per search page (the platform's default page). */
export const REVIEWSITE_SEARCH_PAGE = 20;
/** Reviews per reviews page. */
export const REVIEWSITE_REVIEWS_PAGE = 20;

// Reviewsite business (element of `businesses`)
const reviewsiteBusinessSchema = z.strictObject({
  business_id: z.string(),
  /** The business's address on the site: its URL path's last segment. */
  alias: z.string(),
  name: z.string(),
  url: z.string(),
  image_url: z.string(),
  /** 1.0-5.0 in halves. */
  rating: z.number().min(0).max(5),
  review_count: count,
  /** "$" to "$$$$"; empty when the site shows none. */
  price: z.string(),
  categories: z.array(z.string()),
  phone: z.string(),
  display_phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** From the searched location's center, in meters; null when the site gives none. */
  distance_meters: z.number().nullable(),
  is_closed: z.boolean(),
  /** What can be ordered through the site: pickup, delivery, restaurant_reservation. */
  transactions: z.array(z.string()),
  source: z.string(),
  domain: z.string(),
});
export type ReviewsiteBusiness = z.infer<typeof reviewsiteBusinessSchema>;

// Reviewsite review (element of `reviews`)
const reviewsiteReviewSchema = z.strictObject({
  review_id: z.string(),
  url: z.string(),
  /** 1-5 stars. */
  rating: z.number().int().min(1).max(5),
  /** The review's text (the site may give an excerpt). */
  text: z.string(),
  date: utcDate,
  author_name: z.string(),
  author_id: z.string(),
  author_url: z.string(),
  /** Empty when the author has no photo. */
  author_image_url: z.string(),
  /** Empty when the site does not say. */
  language: z.string(),
  source: z.string(),
  domain: z.string(),
  sentiment: sentimentField,
});
export type ReviewsiteReview = z.infer<typeof reviewsiteReviewSchema>;

const reviewsiteBusinessesParams = params({
  query: text(500),
  location: text(250),
  page: int(1, 500, 1),
  sort_by: oneOf(['best_match', 'rating', 'review_count', 'distance'], 'best_match'),
});

const reviewsiteBusinessesResponse = z.strictObject({
  businesses: z.array(reviewsiteBusinessSchema),
  query: z.string(),
  location: z.string(),
  page: z.number().int(),
  /** All businesses the site finds for the search; null when it does not say. */
  total: count.nullable(),
  has_next_page: z.boolean(),
  count,
});

const reviewsiteReviewsParams = params({
  business_id: text(200),
  pages: int(1, 10, 1),
  sort_by: oneOf(['relevance', 'newest'], 'relevance'),
  get_sentiment: bool(),
});

const reviewsiteReviewsResponse = z.strictObject({
  reviews: z.array(reviewsiteReviewSchema),
  business_id: z.string(),
  /** All reviews the business has on the site (more than the site may hand out). */
  total: count,
  pages: count,
  count,
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const reviewsiteEndpoints = [
  // GET /v1/reviewsite/businesses: business search by what and where, billed per request
  {
    path: '/v1/reviewsite/businesses',
    family: 'reviewsite',
    method: 'GET',
    summary: 'Search businesses',
    description:
      'Businesses matching `query` (a term such as "pizza" or a business name) near `location` (an address, ' +
      'neighborhood, city or postal code), 20 per page. `page` picks one page (1-500); the site hands out ' +
      'at most its first 240 results of a search, so on live data a page past them is empty (and billed as ' +
      'a request). `total` is how many businesses the site finds. An unknown location answers 400 ' +
      'invalid_parameter naming `location`, not billed.',
    params: reviewsiteBusinessesParams,
    response: reviewsiteBusinessesResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    pageSize: REVIEWSITE_SEARCH_PAGE,
    paging: { param: 'page', max: 500 },
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { query: 'pizza', location: 'San Francisco, CA' } as Record<string, string>,
  },
  // GET /v1/reviewsite/business/reviews: a business's reviews, billed per page
  {
    path: '/v1/reviewsite/business/reviews',
    family: 'reviewsite',
    method: 'GET',
    summary: "List a business's reviews",
    description:
      "A business's reviews, up to 20 per page, by the site's relevance or newest first. `business_id` is " +
      "the `business_id` or `alias` of a business search result. `total` is the business's review count; the " +
      'site may hand out fewer (its base API access gives 3 review excerpts per business), and the walk stops ' +
      'when it has no more. Unknown business: 404 not_found, not billed.',
    params: reviewsiteReviewsParams,
    response: reviewsiteReviewsResponse,
    priceMicros: 5000,
    billingUnit: 'page',
    pageSize: REVIEWSITE_REVIEWS_PAGE,
    paging: { param: 'pages', max: 10 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'reviews', text: 'text' },
    billedErrors: {},
    example: { business_id: 'gary-danko-san-francisco', pages: '2' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
