import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import { contractTests, familyKit } from './support/family-kit';
import { SANDBOX_MISSING_ASIN, shopSandbox } from '../../providers/sandbox/shop';
import { shopCountries, shopEndpoints } from '../shop';

const { endpoint, run, rejection } = familyKit(shopEndpoints, shopSandbox);
type Path = Parameters<typeof endpoint>[0];

/** "$1,299.99" → 1299.99 */
const amountOf = (price: string) => Number(price.replace(/[^\d.]/g, ''));

describe.each(shopEndpoints.map((d) => [d.path, d] as const))('%s', (_path, def) => {
  contractTests(def, shopSandbox);

  it('answers the example with one page', async () => {
    const result = await handlerAt(shopSandbox, def.path)!(def.params.parse(def.example));
    expect(result.pagesReturned).toBe(1);
  });

  it('rejects an unknown parameter with invalid_parameter', () => {
    expect(rejection(def.path, { ...def.example, colour: 'red' })).toEqual({
      code: 'invalid_parameter',
      error: "Unknown parameter 'colour'",
    });
  });
});

describe('shop parameters', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, Path, Record<string, string>, string, string]>([
    [
      'rejects a search without query with missing_parameter',
      '/v1/shop/products',
      {},
      'missing_parameter',
      "Missing parameter 'query'",
    ],
    [
      'rejects page above 20 with invalid_parameter',
      '/v1/shop/products',
      { query: 'tv', page: '21' },
      'invalid_parameter',
      "Invalid parameter 'page': must be an integer from 1 to 20",
    ],
    [
      'rejects page 0 with invalid_parameter',
      '/v1/shop/products',
      { query: 'tv', page: '0' },
      'invalid_parameter',
      "Invalid parameter 'page': must be an integer from 1 to 20",
    ],
    [
      'rejects a query over 500 characters',
      '/v1/shop/products',
      { query: long(501) },
      'invalid_parameter',
      "Invalid parameter 'query': must be at most 500 characters",
    ],
    [
      'rejects a country outside the 24 marketplaces',
      '/v1/shop/products',
      { query: 'tv', country: 'xx' },
      'invalid_parameter',
      `Invalid parameter 'country': must be one of: ${shopCountries.join(', ')}`,
    ],
    [
      'rejects an unknown sort_by',
      '/v1/shop/products',
      { query: 'tv', sort_by: 'cheapest' },
      'invalid_parameter',
      "Invalid parameter 'sort_by': must be one of: relevance, lowest_price, highest_price, reviews, newest, best_sellers",
    ],
    [
      'rejects a category that is not numeric IDs',
      '/v1/shop/products',
      { query: 'tv', category: '172282,electronics' },
      'invalid_parameter',
      "Invalid parameter 'category': must be numeric category IDs separated by commas",
    ],
    [
      'rejects a category_id over 200 characters',
      '/v1/shop/products',
      { query: 'tv', category_id: long(201) },
      'invalid_parameter',
      "Invalid parameter 'category_id': must be at most 200 characters",
    ],
    [
      'rejects a brand list over 500 characters',
      '/v1/shop/products',
      { query: 'tv', brand: long(501) },
      'invalid_parameter',
      "Invalid parameter 'brand': must be at most 500 characters",
    ],
    [
      'rejects a min_price that is not a number',
      '/v1/shop/products',
      { query: 'tv', min_price: 'ten' },
      'invalid_parameter',
      "Invalid parameter 'min_price': must be a number of at least 0",
    ],
    [
      'rejects min_price above max_price',
      '/v1/shop/products',
      { query: 'tv', min_price: '50', max_price: '10.5' },
      'invalid_parameter',
      "Invalid parameters: 'min_price' must not be greater than 'max_price'",
    ],
    [
      'rejects an unknown product_condition',
      '/v1/shop/products',
      { query: 'tv', product_condition: 'broken' },
      'invalid_parameter',
      "Invalid parameter 'product_condition': must be one of: all, new, used, renewed, collectible",
    ],
    [
      'rejects an unknown deals_and_discounts',
      '/v1/shop/products',
      { query: 'tv', deals_and_discounts: 'some' },
      'invalid_parameter',
      "Invalid parameter 'deals_and_discounts': must be one of: none, all_discounts, todays_deals",
    ],
    [
      'rejects is_prime other than true or false',
      '/v1/shop/products',
      { query: 'tv', is_prime: 'yes' },
      'invalid_parameter',
      "Invalid parameter 'is_prime': must be true or false",
    ],
    [
      'rejects get_sentiment on product search, which has no text to analyse',
      '/v1/shop/products',
      { query: 'tv', get_sentiment: 'true' },
      'invalid_parameter',
      "Unknown parameter 'get_sentiment'",
    ],
    ['rejects a product request without asin', '/v1/shop/product', {}, 'missing_parameter', "Missing parameter 'asin'"],
    [
      'rejects an ASIN that is not 10 characters',
      '/v1/shop/product',
      { asin: 'B0ABC' },
      'invalid_parameter',
      "Invalid parameter 'asin': must be a 10-character ASIN of letters and digits",
    ],
    [
      'rejects an ASIN with punctuation',
      '/v1/shop/product',
      { asin: 'B0-ABC-DEF' },
      'invalid_parameter',
      "Invalid parameter 'asin': must be a 10-character ASIN of letters and digits",
    ],
    [
      'rejects a seller request without seller_id',
      '/v1/shop/seller',
      { country: 'de' },
      'missing_parameter',
      "Missing parameter 'seller_id'",
    ],
    [
      'rejects a seller_id over 100 characters',
      '/v1/shop/seller',
      { seller_id: long(101) },
      'invalid_parameter',
      "Invalid parameter 'seller_id': must be at most 100 characters",
    ],
    [
      'rejects reviews without seller_id',
      '/v1/shop/seller/reviews',
      { page: '2' },
      'missing_parameter',
      "Missing parameter 'seller_id'",
    ],
    [
      'rejects a reviews page above 50',
      '/v1/shop/seller/reviews',
      { seller_id: 'A1', page: '51' },
      'invalid_parameter',
      "Invalid parameter 'page': must be an integer from 1 to 50",
    ],
    [
      'rejects an unknown star_rating',
      '/v1/shop/seller/reviews',
      { seller_id: 'A1', star_rating: '6_stars' },
      'invalid_parameter',
      "Invalid parameter 'star_rating': must be one of: all, 5_stars, 4_stars, 3_stars, 2_stars, 1_stars, positive, critical",
    ],
    [
      'rejects get_sentiment other than true or false',
      '/v1/shop/seller/reviews',
      { seller_id: 'A1', get_sentiment: '1' },
      'invalid_parameter',
      "Invalid parameter 'get_sentiment': must be true or false",
    ],
  ])('%s', (_name, path, query, code, error) => {
    expect(rejection(path, query)).toEqual({ code, error });
  });

  it('uppercases an ASIN and defaults the country to us', () => {
    expect(endpoint('/v1/shop/product').params.parse({ asin: ' b0chwrxh8b ' })).toEqual({
      asin: 'B0CHWRXH8B',
      country: 'us',
    });
  });

  it('fills the search defaults of the spec', () => {
    expect(endpoint('/v1/shop/products').params.parse({ query: 'tv' })).toEqual({
      query: 'tv',
      page: 1,
      country: 'us',
      sort_by: 'relevance',
      product_condition: 'all',
      is_prime: false,
      deals_and_discounts: 'none',
      four_stars_and_up: false,
    });
  });
});

describe('shop sandbox', () => {
  it.each<[Path, Record<string, string>, string]>([
    ['/v1/shop/products', { query: 'sandbox_rate_limited' }, 'upstream_rate_limit'],
    ['/v1/shop/products', { query: 'sandbox_upstream_error' }, 'upstream_error'],
    ['/v1/shop/seller', { seller_id: 'sandbox_timeout' }, 'upstream_timeout'],
    ['/v1/shop/seller/reviews', { seller_id: 'SANDBOX_RATE_LIMITED' }, 'upstream_rate_limit'],
  ])('answers %s %j with %s', async (path, query, code) => {
    await expect(run(path, query)).rejects.toMatchObject({ name: 'ProviderError', code });
  });

  it('answers the documented ASIN B0SANDBOX0, given in any case, with not_found', async () => {
    expect(SANDBOX_MISSING_ASIN).toHaveLength(10);
    await expect(run('/v1/shop/product', { asin: 'b0sandbox0' })).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'not_found',
    });
  });

  it.each(['/v1/shop/seller', '/v1/shop/seller/reviews'] as const)(
    'answers seller_id=sandbox_not_found on %s with not_found',
    async (path) => {
      await expect(run(path, { seller_id: 'sandbox_not_found' })).rejects.toMatchObject({
        name: 'ProviderError',
        code: 'not_found',
      });
    },
  );

  it('keeps search prices inside min_price and max_price, in the marketplace currency', async () => {
    const { body } = await run('/v1/shop/products', {
      query: 'kettle',
      country: 'de',
      min_price: '20',
      max_price: '30',
    });
    const products = body.products as { price: string | null; currency: string }[];
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(p.currency).toBe('EUR');
      if (p.price !== null) {
        expect(p.price.startsWith('€')).toBe(true);
        expect(amountOf(p.price)).toBeGreaterThanOrEqual(20);
        expect(amountOf(p.price)).toBeLessThanOrEqual(30);
      }
    }
  });

  it('sorts by lowest_price ascending', async () => {
    const { body } = await run('/v1/shop/products', { query: 'desk lamp', sort_by: 'lowest_price' });
    const prices = (body.products as { price: string | null }[]).flatMap((p) => (p.price ? [amountOf(p.price)] : []));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('echoes query and page and counts the products returned, with 10-character ASINs', async () => {
    const { body } = await run('/v1/shop/products', { query: 'usb hub', page: '3' });
    expect(body).toMatchObject({ query: 'usb hub', page: 3 });
    const products = body.products as { asin: string; url: string }[];
    expect(body.count).toBe(products.length);
    for (const p of products) {
      expect(p.asin).toMatch(/^[A-Z0-9]{10}$/);
      expect(p.url).toContain(`/dp/${p.asin}`);
    }
  });

  it('runs out for some queries: a short result set has fewer than 16 products and empty later pages', async () => {
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      const { body } = await run('/v1/shop/products', { query: `rare item ${i}` });
      if ((body.total_products as number) < 16) {
        found = true;
        expect(body.count).toBe(body.total_products);
        const later = await run('/v1/shop/products', { query: `rare item ${i}`, page: '5' });
        expect(later.body.count).toBe(0);
      }
    }
    expect(found).toBe(true);
  });

  it('filters seller reviews by star_rating and ends with has_next_page false', async () => {
    const { body } = await run('/v1/shop/seller/reviews', { seller_id: 'A2L77EE7U53NWQ', star_rating: 'critical' });
    const ratings = (body.reviews as { rating: number }[]).map((r) => r.rating);
    expect(ratings.every((r) => r <= 2)).toBe(true);
    let last = false;
    for (let page = 1; page <= 50 && !last; page++) {
      const next = await run('/v1/shop/seller/reviews', {
        seller_id: 'A2L77EE7U53NWQ',
        star_rating: 'critical',
        page: String(page),
      });
      expect(next.body.count).toBe((next.body.reviews as unknown[]).length);
      last = next.body.has_next_page === false;
    }
    expect(last).toBe(true);
  });

  it('answers a seller without public feedback with null rating fields', async () => {
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => run('/v1/shop/seller', { seller_id: `A${i}SELLER` })),
    );
    const silent = results
      .map((r) => r.body.seller as { rating: number | null; ratings_total: number | null })
      .find((s) => s.rating === null);
    expect(silent).toMatchObject({ rating: null, ratings_total: null, positive_percentage: null });
  });

  it('does not fill sentiment, which the gateway adds', async () => {
    const { body } = await run('/v1/shop/seller/reviews', { seller_id: 'A2L77EE7U53NWQ', get_sentiment: 'true' });
    for (const review of body.reviews as Record<string, unknown>[]) expect('sentiment' in review).toBe(false);
  });
});
