// Yelp Fusion API payloads (GET /v3/businesses/search and /v3/businesses/{id}/reviews) ->
// reviewsite records. Pure: zod schemas of only the fields the records read, and one function
// per record. The field table is in docs/data-sources.md ("reviewsite").
import { z } from 'zod';
import type { ReviewsiteBusiness, ReviewsiteReview } from '../../../registry/reviewsite';
import { offsetMs } from '../quota';

const count = z.number().int().min(0);
const text = z.string().nullish();

/** A business of /v3/businesses/search (the fields the record reads). */
const yelpBusinessSchema = z.object({
  id: z.string().min(1),
  alias: z.string(),
  name: z.string(),
  image_url: text,
  is_closed: z.boolean(),
  url: z.string(),
  review_count: count,
  categories: z.array(z.object({ alias: z.string(), title: z.string() })),
  rating: z.number(),
  coordinates: z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() }).partial().nullish(),
  transactions: z.array(z.string()).nullish(),
  price: text,
  location: z.object({
    address1: text,
    address2: text,
    address3: text,
    city: text,
    zip_code: text,
    country: text,
    state: text,
    display_address: z.array(z.string()).nullish(),
  }),
  phone: text,
  display_phone: text,
  distance: z.number().nullish(),
});
export type YelpBusiness = z.infer<typeof yelpBusinessSchema>;

export const yelpSearchSchema = z.object({
  businesses: z.array(yelpBusinessSchema),
  /** All businesses found; the API serves at most the first 240 (offset + limit). */
  total: count.nullish(),
});

/** A review of /v3/businesses/{id}/reviews. */
const yelpReviewSchema = z.object({
  id: z.string().min(1),
  url: z.string(),
  text: z.string(),
  rating: z.number().int().min(1).max(5),
  /** Local time of the review ("2016-08-29 00:41:13"); the API documents it as Pacific time. */
  time_created: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  user: z.object({
    id: z.string(),
    profile_url: z.string(),
    image_url: text,
    name: z.string(),
  }),
  language: text,
});
export type YelpReview = z.infer<typeof yelpReviewSchema>;

export const yelpReviewsSchema = z.object({
  reviews: z.array(yelpReviewSchema),
  /** The business's review count (the API may hand out fewer). */
  total: count,
  possible_languages: z.array(z.string()).nullish(),
});

/** The site's address without the API's tracking parameters (adjust_creative, utm_*). */
export function withoutTracking(url: string): string {
  try {
    const parsed = new URL(url);
    for (const name of [...parsed.searchParams.keys()]) {
      if (name === 'adjust_creative' || name.startsWith('utm_')) parsed.searchParams.delete(name);
    }
    return parsed.toString();
  } catch {
    return url;
  }
}

const PACIFIC = 'America/Los_Angeles';

/** "2016-08-29 00:41:13" in Pacific time -> "2016-08-29 07:41:13" UTC (daylight saving applied). */
export function pacificToUtc(local: string): string {
  const asUtc = Date.parse(`${local.replace(' ', 'T')}Z`);
  // The zone's offset at the guessed instant, then once more at the corrected one (a DST edge).
  let instant = asUtc - offsetMs(new Date(asUtc), PACIFIC);
  instant = asUtc - offsetMs(new Date(instant), PACIFIC);
  return new Date(instant).toISOString().slice(0, 19).replace('T', ' ');
}

const orEmpty = (value: string | null | undefined) => value ?? '';

/** One search result as a reviewsite business. `site` is the records' source and domain. */
export function toReviewsiteBusiness(
  business: YelpBusiness,
  site: { source: string; domain: string },
): ReviewsiteBusiness {
  const { location } = business;
  const street = [location.address1, location.address2, location.address3].filter((part) => part).join(', ');
  const address =
    location.display_address && location.display_address.length > 0
      ? location.display_address.join(', ')
      : [street, location.city].filter((part) => part).join(', ');
  return {
    business_id: business.id,
    alias: business.alias,
    name: business.name,
    url: withoutTracking(business.url),
    image_url: orEmpty(business.image_url),
    rating: business.rating,
    review_count: business.review_count,
    price: orEmpty(business.price),
    categories: business.categories.map((category) => category.title),
    phone: orEmpty(business.phone),
    display_phone: orEmpty(business.display_phone),
    address,
    city: orEmpty(location.city),
    state: orEmpty(location.state),
    zip_code: orEmpty(location.zip_code),
    country: orEmpty(location.country),
    latitude: business.coordinates?.latitude ?? null,
    longitude: business.coordinates?.longitude ?? null,
    distance_meters: business.distance ?? null,
    is_closed: business.is_closed,
    transactions: business.transactions ?? [],
    source: site.source,
    domain: site.domain,
  };
}

/** One review as a reviewsite review. */
export function toReviewsiteReview(review: YelpReview, site: { source: string; domain: string }): ReviewsiteReview {
  return {
    review_id: review.id,
    url: withoutTracking(review.url),
    rating: review.rating,
    text: review.text,
    date: pacificToUtc(review.time_created),
    author_name: review.user.name,
    author_id: review.user.id,
    author_url: review.user.profile_url,
    author_image_url: orEmpty(review.user.image_url),
    language: orEmpty(review.language),
    source: site.source,
    domain: site.domain,
  };
}
