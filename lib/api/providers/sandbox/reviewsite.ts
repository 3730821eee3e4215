// Sandbox data for the reviewsite family: business search (one page per request, a query's
// results end where its seed says) and a business's reviews, newest first when asked, paged by 20.
import { familySite } from '../../families';
import {
  REVIEWSITE_REVIEWS_PAGE,
  REVIEWSITE_SEARCH_PAGE,
  type ReviewsiteBusiness,
  type ReviewsiteReview,
} from '../../registry/reviewsite';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { itemRng, listSeed, pageWindow, person } from './people';
import { formatDate, SANDBOX_NOW, sentence, throwOnSandboxInput } from './random';
import { slugify, titleCase } from './texts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const kinds = [
  ['pizza', 'Pizza'],
  ['coffee', 'Coffee & Tea'],
  ['bakeries', 'Bakeries'],
  ['sushi', 'Sushi Bars'],
  ['bars', 'Bars'],
  ['mexican', 'Mexican'],
  ['hair', 'Hair Salons'],
  ['autorepair', 'Auto Repair'],
] as const;
const streets = ['Market St', 'Valencia St', 'Main St', 'Oak Ave', 'Harbor Blvd', 'Elm St', 'Broadway'];

type SearchQuery = ParamsOf<'/v1/reviewsite/businesses'>;
type ReviewsQuery = ParamsOf<'/v1/reviewsite/business/reviews'>;

/** The site hands out at most this many results of one search (12 pages of 20). */
const SEARCH_WINDOW = 240;

function business(seed: number, index: number, q: SearchQuery): ReviewsiteBusiness {
  const rng = itemRng(seed, index);
  const { source, domain } = familySite('reviewsite');
  const [category, title] = rng.pick(kinds);
  const name = `${titleCase(q.query.split(/\s+/)[0] ?? q.query)} ${rng.pick(['House', 'Corner', 'Co', 'Kitchen', 'Studio'])} ${index + 1}`;
  const city = titleCase(q.location.split(',')[0]!.trim());
  const slug = `${slugify(name)}-${slugify(city)}`;
  const street = `${rng.int(1, 2999)} ${rng.pick(streets)}`;
  const zip = String(rng.int(10000, 99999));
  const digits = rng.id(7, '0123456789');
  return {
    business_id: rng.id(22, ID_ALPHABET),
    alias: slug,
    name,
    url: `https://www.${domain}/biz/${slug}`,
    image_url: `https://media.${domain}/bphoto/${rng.id(22, ID_ALPHABET)}/o.jpg`,
    rating: rng.int(2, 10) / 2,
    review_count: rng.int(1, 9000),
    price: rng.bool(0.8) ? '$'.repeat(rng.int(1, 4)) : '',
    categories: [title],
    phone: `+1415${digits}`,
    display_phone: `(415) ${digits.slice(0, 3)}-${digits.slice(3)}`,
    address: `${street}, ${city} ${zip}`,
    city,
    state: 'CA',
    zip_code: zip,
    country: 'US',
    latitude: 37.7 + rng.int(0, 999) / 10000,
    longitude: -122.4 - rng.int(0, 999) / 10000,
    distance_meters: rng.int(50, 9000) + rng.int(0, 99) / 100,
    is_closed: rng.bool(0.03),
    transactions: category === 'pizza' || category === 'mexican' ? ['delivery', 'pickup'] : [],
    source,
    domain,
  };
}

function searchBusinesses(params: SearchQuery) {
  throwOnSandboxInput(params, []);
  const seed = listSeed('/v1/reviewsite/businesses', {
    query: params.query.toLowerCase(),
    location: params.location.toLowerCase(),
    sort_by: params.sort_by,
  });
  const total = pageWindow(itemRng(seed, -1), REVIEWSITE_SEARCH_PAGE, 500, 500).available;
  const end = Math.min(total, SEARCH_WINDOW);
  const start = (params.page - 1) * REVIEWSITE_SEARCH_PAGE;
  const businesses: ReviewsiteBusiness[] = [];
  for (let i = start; i < Math.min(end, start + REVIEWSITE_SEARCH_PAGE); i++)
    businesses.push(business(seed, i, params));
  return {
    body: {
      businesses,
      query: params.query,
      location: params.location,
      page: params.page,
      total,
      has_next_page: end > start + REVIEWSITE_SEARCH_PAGE,
      count: businesses.length,
    },
    pagesReturned: 1,
  };
}

function businessReviews(params: ReviewsQuery) {
  throwOnSandboxInput(params, ['not_found']);
  const { source, domain } = familySite('reviewsite');
  const seed = listSeed('/v1/reviewsite/business/reviews', {
    business_id: params.business_id,
    sort_by: params.sort_by,
  });
  const window = pageWindow(itemRng(seed, -1), REVIEWSITE_REVIEWS_PAGE, params.pages, 10);
  const gap = itemRng(seed, -2).int(6, 240) * 3600;
  const reviews: ReviewsiteReview[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const author = person(rng);
    const authorId = rng.id(22, ID_ALPHABET);
    const reviewId = rng.id(22, ID_ALPHABET);
    // Newest first is the site's order for `newest`; relevance mixes ages.
    const age = params.sort_by === 'newest' ? i * gap + rng.int(0, gap - 1) : rng.int(0, 3 * 365 * 86400);
    reviews.push({
      review_id: reviewId,
      url: `https://www.${domain}/biz/${slugify(params.business_id)}?hrid=${reviewId}`,
      rating: rng.int(1, 5),
      text: sentence(rng),
      date: formatDate(SANDBOX_NOW - 3600 - age),
      author_name: `${author.name.split(' ')[0]} ${author.name.split(' ')[1]?.[0] ?? ''}.`,
      author_id: authorId,
      author_url: `https://www.${domain}/user_details?userid=${authorId}`,
      author_image_url: rng.bool(0.7) ? `https://media.${domain}/photo/${rng.id(22, ID_ALPHABET)}/o.jpg` : '',
      language: 'en',
      source,
      domain,
    });
  }
  return {
    body: {
      reviews,
      business_id: params.business_id,
      total: window.available,
      pages: window.pages,
      count: reviews.length,
    },
    pagesReturned: window.pages,
  };
}

export const reviewsiteSandbox: SandboxHandlers<FamilyPath<'reviewsite'>> = {
  '/v1/reviewsite/businesses': searchBusinesses,
  '/v1/reviewsite/business/reviews': businessReviews,
};

export const reviewsiteSandboxNotes: string[] = [
  '`GET /v1/reviewsite/business/reviews?business_id=sandbox_not_found` → 404 not_found (not billed)',
  '`GET /v1/reviewsite/businesses?query=sandbox_rate_limited&location=x` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
