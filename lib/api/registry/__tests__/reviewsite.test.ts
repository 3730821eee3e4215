import { describe, expect, it } from 'vitest';
import { reviewsiteSandbox } from '../../providers/sandbox/reviewsite';
import { reviewsiteEndpoints } from '../reviewsite';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(reviewsiteEndpoints, reviewsiteSandbox);
const search = kit.endpoint('/v1/reviewsite/businesses');
const reviews = kit.endpoint('/v1/reviewsite/business/reviews');

describe('GET /v1/reviewsite/businesses contract', () => {
  contractTests(search, reviewsiteSandbox);

  it('is billed per request at $0.005, one page of 20 per request up to page 500', () => {
    expect(search).toMatchObject({
      priceMicros: 5000,
      billingUnit: 'request',
      pageSize: 20,
      paging: { param: 'page', max: 500 },
      sentiment: false,
    });
  });

  it('pages the same search: page 2 follows page 1, and has_next_page ends within the 240 results', async () => {
    const base = { query: 'pizza', location: 'San Francisco, CA' };
    const one = (await kit.run(search.path, { ...base, page: '1' })).body as { businesses: { business_id: string }[] };
    const two = (await kit.run(search.path, { ...base, page: '2' })).body as { businesses: { business_id: string }[] };
    expect(one.businesses).toHaveLength(20);
    expect(two.businesses[0]?.business_id).not.toBe(one.businesses[0]?.business_id);
    const last = (await kit.run(search.path, { ...base, page: '13' })).body;
    expect(last).toMatchObject({ businesses: [], has_next_page: false, count: 0, page: 13 });
  });
});

describe('GET /v1/reviewsite/business/reviews contract', () => {
  contractTests(reviews, reviewsiteSandbox);

  it('is billed per page at $0.005, pages 1-10, with sentiment on the review text', () => {
    expect(reviews).toMatchObject({
      priceMicros: 5000,
      billingUnit: 'page',
      pageSize: 20,
      paging: { param: 'pages', max: 10 },
      sentimentTarget: { list: 'reviews', text: 'text' },
      billedErrors: {},
    });
  });

  it('answers sandbox_not_found with not_found', async () => {
    await expect(kit.run(reviews.path, { business_id: 'sandbox_not_found' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('reviewsite parameters', () => {
  it.each<[string, string, Record<string, string>, string]>([
    ['search without location', '/v1/reviewsite/businesses', { query: 'pizza' }, "Missing parameter 'location'"],
    ['search without query', '/v1/reviewsite/businesses', { location: 'x' }, "Missing parameter 'query'"],
    [
      'search page 501',
      '/v1/reviewsite/businesses',
      { query: 'a', location: 'b', page: '501' },
      "Invalid parameter 'page': must be an integer from 1 to 500",
    ],
    [
      'reviews pages 11',
      '/v1/reviewsite/business/reviews',
      { business_id: 'a', pages: '11' },
      "Invalid parameter 'pages': must be an integer from 1 to 10",
    ],
    [
      'reviews without business_id',
      '/v1/reviewsite/business/reviews',
      { pages: '1' },
      "Missing parameter 'business_id'",
    ],
  ])('rejects %s', (_name, path, query, message) => {
    expect(kit.rejection(path as typeof search.path, query).error).toBe(message);
  });
});
