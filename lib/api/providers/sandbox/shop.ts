// Sandbox data for the shop family: deterministic marketplace search results, products, sellers
// and seller reviews in the currency of the marketplace asked for.
import { familySite } from '../../families';
import type { ShopSearchItem, ShopSeller, ShopSellerReview } from '../../registry/shop-records';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { itemRng, listSeed, longDate, person } from './people';
import { availableItems, type Rng, rngFor, sentence, throwOnSandboxInput, titleWords } from './random';
import {
  asinOf,
  brands,
  money,
  photoOf,
  priceText,
  productPage,
  SANDBOX_MISSING_ASIN,
  shopHost,
  UPPER,
} from './shop-product';

export { SANDBOX_MISSING_ASIN } from './shop-product';

const SEARCH_PAGE = 16;
const REVIEWS_PAGE = 10;
const badges = ['', '', '', 'Best Seller', 'Overall Pick', 'Limited time deal', 'Climate Pledge Friendly'];

type ProductsQuery = ParamsOf<'/v1/shop/products'>;
type SellerQuery = ParamsOf<'/v1/shop/seller'>;
type SellerReviewsQuery = ParamsOf<'/v1/shop/seller/reviews'>;

function searchItem(rng: Rng, q: ProductsQuery, amount: number): ShopSearchItem {
  const country = q.country;
  const host = shopHost(country);
  const brand = q.brand ? q.brand.split(',')[0]!.trim() : rng.pick(brands);
  const asin = asinOf(rng);
  const discounted = q.deals_and_discounts !== 'none' || rng.bool(0.3);
  const unitCount = rng.bool(0.3) ? rng.int(2, 24) : null;
  const bestSeller = rng.bool(0.1);
  return {
    asin,
    title: `${brand} ${titleWords(rng, 5)}`,
    price: rng.bool(0.04) ? null : priceText(country, amount),
    original_price: discounted ? priceText(country, amount * (1.1 + rng.next() * 0.4)) : null,
    unit_price: unitCount === null ? null : priceText(country, amount / unitCount),
    unit_count: unitCount,
    currency: money[country][0],
    rating: q.four_stars_and_up ? rng.int(40, 50) / 10 : rng.int(25, 50) / 10,
    num_ratings: rng.int(0, 48000),
    url: `${host}/dp/${asin}`,
    photo: photoOf(rng),
    num_offers: rng.int(1, 12),
    minimum_offer_price: priceText(country, amount * (0.85 + rng.next() * 0.15)),
    is_best_seller: bestSeller,
    is_amazon_choice: rng.bool(0.12),
    // The displayed offer can lack Prime even when the search was filtered on Prime offers.
    is_prime: q.is_prime ? rng.bool(0.9) : rng.bool(0.6),
    climate_pledge_friendly: rng.bool(0.15),
    sales_volume: rng.bool(0.5) ? `${rng.pick([50, 100, 500, 1000, 5000])}+ bought in past month` : '',
    delivery: `FREE delivery ${rng.pick(['Tue', 'Wed', 'Thu', 'Fri', 'Sat'])}, Nov ${rng.int(3, 9)}`,
    availability: rng.bool(0.1) ? `Only ${rng.int(1, 9)} left in stock - order soon.` : null,
    has_variations: rng.bool(0.4),
    badge: bestSeller ? 'Best Seller' : rng.pick(badges),
    coupon_text: discounted && rng.bool(0.3) ? `Save ${rng.int(5, 30)}% with coupon` : null,
  };
}

function searchProducts(params: ProductsQuery) {
  throwOnSandboxInput(params, []);
  const seed = listSeed('/v1/shop/products', params);
  const available = availableItems(itemRng(seed, -1), SEARCH_PAGE, 20);
  // A query that does not run out reports the marketplace's own, larger total.
  const totalProducts = available === SEARCH_PAGE * 20 ? itemRng(seed, -2).int(SEARCH_PAGE * 20, 60000) : available;
  const start = (params.page - 1) * SEARCH_PAGE;
  const n = Math.max(0, Math.min(SEARCH_PAGE, totalProducts - start));
  // Prices honour min_price/max_price, which are in the marketplace currency.
  const rate = money[params.country][2];
  const low = params.min_price ?? 5 * rate;
  const high = Math.max(low, params.max_price ?? 250 * rate);
  const amounts: number[] = [];
  for (let i = 0; i < n; i++)
    amounts.push(Math.round((low + itemRng(seed, start + i).next() * (high - low)) * 100) / 100);
  if (params.sort_by === 'lowest_price') amounts.sort((a, b) => a - b);
  if (params.sort_by === 'highest_price') amounts.sort((a, b) => b - a);
  const products: ShopSearchItem[] = [];
  for (let i = 0; i < n; i++) products.push(searchItem(itemRng(seed ^ 0x5bd1e995, start + i), params, amounts[i]!));
  if (params.sort_by === 'reviews') products.sort((a, b) => b.num_ratings - a.num_ratings);
  return {
    body: { products, total_products: totalProducts, query: params.query, page: params.page, count: products.length },
    pagesReturned: 1,
  };
}

function feedback(rng: Rng, total: number) {
  const positive = rng.int(80, 99);
  const negative = rng.int(0, 100 - positive);
  return {
    positive_percent: positive,
    neutral_percent: 100 - positive - negative,
    negative_percent: negative,
    count: total,
  };
}

function sellerProfile(params: SellerQuery) {
  throwOnSandboxInput(params, ['not_found']);
  const { seller_id: sellerId, country } = params;
  const rng = rngFor('/v1/shop/seller', params);
  const host = shopHost(country);
  const brand = rng.pick(brands);
  // About one seller in ten has no public feedback yet.
  const hasFeedback = rng.bool(0.9);
  const lifetime = hasFeedback ? rng.int(40, 250000) : 0;
  const seller: ShopSeller = {
    seller_id: sellerId,
    name: `${brand} ${rng.pick(['Store', 'Direct', 'Official', 'Outlet'])}`,
    seller_link: `${host}/sp?seller=${sellerId}`,
    store_link: `${host}/s?me=${sellerId}`,
    logo: rng.bool(0.5) ? `https://m.media.${familySite('shop').domain}/images/S/${rng.id(10, UPPER)}.png` : null,
    about: rng.bool(0.4) ? sentence(rng) : null,
    business_name: `${brand} Trading ${rng.pick(['LLC', 'Ltd', 'GmbH', 'Inc.'])}`,
    business_address: `${rng.int(1, 999)} ${rng.pick(['Market St', 'Harbour Rd', 'Industrial Way'])}, ${rng.pick(['Seattle WA', 'Leeds', 'Shenzhen', 'Hamburg'])}`,
    rating: hasFeedback ? rng.int(35, 50) / 10 : null,
    ratings_total: hasFeedback ? lifetime : null,
    positive_percentage: hasFeedback ? rng.int(80, 100) : null,
    review_summary: {
      thirty_days: feedback(rng, Math.floor(lifetime / 40)),
      ninety_days: feedback(rng, Math.floor(lifetime / 14)),
      twelve_months: feedback(rng, Math.floor(lifetime / 4)),
      lifetime: feedback(rng, lifetime),
    },
    country,
  };
  return { body: { seller }, pagesReturned: 1 };
}

const starRange: Record<string, [number, number]> = {
  all: [1, 5],
  '5_stars': [5, 5],
  '4_stars': [4, 4],
  '3_stars': [3, 3],
  '2_stars': [2, 2],
  '1_stars': [1, 1],
  positive: [4, 5],
  critical: [1, 2],
};

function sellerReviews(params: SellerReviewsQuery) {
  throwOnSandboxInput(params, ['not_found']);
  const seed = listSeed('/v1/shop/seller/reviews', params);
  const total = availableItems(itemRng(seed, -1), REVIEWS_PAGE, 50);
  const start = (params.page - 1) * REVIEWS_PAGE;
  const [minStars, maxStars] = starRange[params.star_rating]!;
  const reviews: ShopSellerReview[] = [];
  for (let i = start; i < Math.min(total, start + REVIEWS_PAGE); i++) {
    const rng = itemRng(seed, i);
    reviews.push({
      author_name: rng.bool(0.1) ? 'Anonymous' : person(rng).name.split(' ')[0]!,
      review_text: sentence(rng),
      rating: rng.int(minStars, maxStars),
      review_date: longDate(rng.timestamp(365)),
      has_response: rng.bool(0.15),
    });
  }
  return {
    body: {
      reviews,
      seller_id: params.seller_id,
      page: params.page,
      star_rating: params.star_rating,
      has_next_page: total > start + REVIEWS_PAGE,
      count: reviews.length,
    },
    pagesReturned: 1,
  };
}

export const shopSandbox: SandboxHandlers<FamilyPath<'shop'>> = {
  '/v1/shop/products': searchProducts,
  '/v1/shop/product': productPage,
  '/v1/shop/seller': sellerProfile,
  '/v1/shop/seller/reviews': sellerReviews,
};

export const shopSandboxNotes: string[] = [
  `\`GET /v1/shop/product?asin=${SANDBOX_MISSING_ASIN}\` → 404 not_found`,
  '`GET /v1/shop/seller?seller_id=sandbox_not_found` → 404 not_found (also on /v1/shop/seller/reviews)',
  '`GET /v1/shop/products?query=sandbox_rate_limited` → 429 upstream_rate_limit (also seller_id on the seller endpoints; sandbox_upstream_error → 502, sandbox_timeout → 504)',
  '`query=sandbox_upstream_error` → 502 upstream_error; `query=sandbox_timeout` → 504 upstream_timeout',
];
