// The shop (marketplace) family: product search, one product, a seller and the seller's reviews.
import { z } from 'zod';
import { bool, decimal, inOrder, int, oneOf, params, text } from './params';
import { shopProductSchema, shopSearchItemSchema, shopSellerReviewSchema, shopSellerSchema } from './shop-records';
import type { EndpointDefinition } from './types';

export const shopCountries = [
  'us',
  'au',
  'br',
  'ca',
  'cn',
  'fr',
  'de',
  'in',
  'it',
  'mx',
  'nl',
  'sg',
  'es',
  'tr',
  'ae',
  'gb',
  'jp',
  'sa',
  'pl',
  'se',
  'be',
  'eg',
  'za',
  'ie',
] as const;
export type ShopCountry = (typeof shopCountries)[number];

const shopStarRatings = ['all', '5_stars', '4_stars', '3_stars', '2_stars', '1_stars', 'positive', 'critical'] as const;
const shopSortOrders = ['relevance', 'lowest_price', 'highest_price', 'reviews', 'newest', 'best_sellers'] as const;

/** A price range that can match nothing is a caller error, not an empty result. */
const priceRangeInOrder = inOrder(
  'min_price',
  'max_price',
  'min_price',
  "Invalid parameters: 'min_price' must not be greater than 'max_price'",
);

const country = oneOf(shopCountries, 'us');
// The spec gives no length for seller IDs (real ones are 13-14 characters); 100 bounds abuse.
const sellerId = text(100);
const asin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, { error: 'must be a 10-character ASIN of letters and digits' });

const shopProductsParams = params(
  {
    query: text(500),
    page: int(1, 20, 1),
    country,
    sort_by: oneOf(shopSortOrders, 'relevance'),
    category_id: text(200).optional(),
    category: text(500)
      .regex(/^\d+(,\d+)*$/, { error: 'must be numeric category IDs separated by commas' })
      .optional(),
    min_price: decimal(0),
    max_price: decimal(0),
    product_condition: oneOf(['all', 'new', 'used', 'renewed', 'collectible'], 'all'),
    brand: text(500).optional(),
    seller_id: text(500).optional(),
    is_prime: bool(),
    deals_and_discounts: oneOf(['none', 'all_discounts', 'todays_deals'], 'none'),
    four_stars_and_up: bool(),
  },
  priceRangeInOrder,
);
const shopProductParams = params({ asin, country });
const shopSellerParams = params({ seller_id: sellerId, country });
const shopSellerReviewsParams = params({
  seller_id: sellerId,
  page: int(1, 50, 1),
  star_rating: oneOf(shopStarRatings, 'all'),
  country,
  get_sentiment: bool(),
});

const shopProductsResponse = z.strictObject({
  products: z.array(shopSearchItemSchema),
  total_products: z.number().int().min(0),
  query: z.string(),
  page: z.number().int(),
  count: z.number().int().min(0),
});
const shopProductResponse = z.strictObject({ product: shopProductSchema });
const shopSellerResponse = z.strictObject({ seller: shopSellerSchema });
const shopSellerReviewsResponse = z.strictObject({
  reviews: z.array(shopSellerReviewSchema),
  seller_id: z.string(),
  page: z.number().int(),
  star_rating: z.enum(shopStarRatings),
  has_next_page: z.boolean(),
  count: z.number().int().min(0),
});

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const shopEndpoints = [
  // GET /v1/shop/products: marketplace search, billed per request
  {
    path: '/v1/shop/products',
    family: 'shop',
    method: 'GET',
    summary: 'Search marketplace products',
    description:
      'Searches one of 24 country marketplaces by keyword or ASIN; about 16 results per page, one page per call ' +
      '(`page` 1-20). `is_prime=true` keeps products with Prime-eligible offers; the per-item `is_prime` reflects ' +
      'the default displayed offer and can differ. `min_price`/`max_price` are in the marketplace currency. ' +
      'Limited to 5 simultaneous requests per account.',
    params: shopProductsParams,
    response: shopProductsResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    pageSize: 16,
    paging: { param: 'page', max: 20 },
    concurrency: 5,
    sentiment: false,
    billedErrors: {},
    example: { query: 'wireless earbuds', country: 'us', sort_by: 'relevance' } as Record<string, string>,
  },
  // GET /v1/shop/product: one product by ASIN, billed per request
  {
    path: '/v1/shop/product',
    family: 'shop',
    method: 'GET',
    summary: 'Get a product by ASIN',
    description: 'Full product details for one 10-character ASIN (one ASIN per request). Unknown ASIN: 404 not_found.',
    params: shopProductParams,
    response: shopProductResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { asin: 'B0CHWRXH8B', country: 'us' } as Record<string, string>,
  },
  // GET /v1/shop/seller: a seller's profile and feedback summary, billed per request
  {
    path: '/v1/shop/seller',
    family: 'shop',
    method: 'GET',
    summary: 'Get a marketplace seller',
    description:
      'Seller profile with feedback summary; rating, ratings_total and positive_percentage are null when the ' +
      'seller has no public feedback. Unknown seller: 404 not_found.',
    params: shopSellerParams,
    response: shopSellerResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { seller_id: 'A2L77EE7U53NWQ', country: 'us' } as Record<string, string>,
  },
  // GET /v1/shop/seller/reviews: one page of a seller's feedback, billed per request
  {
    path: '/v1/shop/seller/reviews',
    family: 'shop',
    method: 'GET',
    summary: "List a seller's reviews",
    description:
      'One page of seller feedback per call (`page` 1-50), filtered by star_rating: positive is 4-5 stars, ' +
      'critical is 1-2 stars. Unknown seller: 404 not_found. get_sentiment=true adds $0.001 per request.',
    params: shopSellerReviewsParams,
    response: shopSellerReviewsResponse,
    priceMicros: 5000,
    billingUnit: 'request',
    paging: { param: 'page', max: 50 },
    concurrency: 10,
    sentiment: true,
    sentimentTarget: { list: 'reviews', text: 'review_text' },
    billedErrors: {},
    example: { seller_id: 'A2L77EE7U53NWQ', star_rating: 'positive' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
