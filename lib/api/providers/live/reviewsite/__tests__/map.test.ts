// The Yelp payload mapping on its own: Pacific review times to UTC across daylight saving, and
// the API's tracking parameters taken off the site's addresses.
import { describe, expect, test } from 'vitest';
import { pacificToUtc, toReviewsiteBusiness, withoutTracking, yelpSearchSchema } from '../map';
import { recording } from './support/routes';

describe('reviewsite mapping', () => {
  test.each([
    ['2016-08-29 00:41:13', '2016-08-29 07:41:13'], // PDT, UTC-7
    ['2016-01-15 23:30:00', '2016-01-16 07:30:00'], // PST, UTC-8, across midnight
    ['2016-03-13 03:30:00', '2016-03-13 10:30:00'], // the first hour of PDT
    ['2016-11-06 00:30:00', '2016-11-06 07:30:00'], // before the fall-back hour
  ])('reads review time %s (Pacific) as %s UTC', (local, utc) => {
    expect(pacificToUtc(local)).toBe(utc);
  });

  test('keeps hrid and drops adjust_creative and utm_* from an address', () => {
    expect(
      withoutTracking(
        'https://www.yelp.com/biz/x?hrid=abc&adjust_creative=k&utm_campaign=yelp_api_v3&utm_medium=m&utm_source=k',
      ),
    ).toBe('https://www.yelp.com/biz/x?hrid=abc');
  });

  test('maps every recorded business, with empty strings and nulls where the API gives none', () => {
    const search = yelpSearchSchema.parse(JSON.parse(recording('search-sf-stewseo-2023.json')));
    const site = { source: 'Yelp', domain: 'yelp.com' };
    const businesses = search.businesses.map((business) => toReviewsiteBusiness(business, site));
    expect(businesses).toHaveLength(20);
    for (const business of businesses) expect(business.url).not.toMatch(/utm_|adjust_creative/);
    const withoutCoordinates = toReviewsiteBusiness(
      { ...search.businesses[0]!, coordinates: null, price: undefined, distance: undefined, image_url: null },
      site,
    );
    expect(withoutCoordinates).toMatchObject({
      latitude: null,
      longitude: null,
      price: '',
      distance_meters: null,
      image_url: '',
    });
  });
});
