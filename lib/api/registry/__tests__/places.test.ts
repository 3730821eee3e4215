import { describe, expect, it } from 'vitest';
import { placesSandbox } from '../../providers/sandbox/places';
import { placesEndpoints } from '../places';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(placesEndpoints, placesSandbox);
const def = placesEndpoints[0]!;
type Place = { latitude: number; longitude: number; website: string | null; domain: string | null };

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, places: result.body.places as Place[] };
}

/** Metres between two points (haversine). */
function metres(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((bLat - aLat) * rad) / 2) ** 2 +
    Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(((bLon - aLon) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('GET /v1/places/search contract', () => {
  contractTests(def, placesSandbox);

  it('is billed per request at $0.003, without sentiment', () => {
    expect(def).toMatchObject({ priceMicros: 3000, billingUnit: 'request', sentiment: false, billedErrors: {} });
  });
});

describe('GET /v1/places/search parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['rejects a search without query', { near: 'Berlin' }, 'missing_parameter', "Missing parameter 'query'"],
    [
      'rejects lat without lon',
      { query: 'a', lat: '52.5' },
      'invalid_parameter',
      "Invalid parameters: 'lat' and 'lon' go together",
    ],
    [
      'rejects near together with lat and lon',
      { query: 'a', near: 'Berlin', lat: '52.5', lon: '13.4' },
      'invalid_parameter',
      "Invalid parameters: provide 'near' or 'lat' and 'lon', not both",
    ],
    [
      'rejects a radius without a center',
      { query: 'a', radius: '500' },
      'invalid_parameter',
      "Invalid parameters: 'radius' needs a center: 'near', or 'lat' and 'lon'",
    ],
    [
      'rejects a latitude beyond 90',
      { query: 'a', lat: '91', lon: '0' },
      'invalid_parameter',
      "Invalid parameter 'lat': must be a number from -90 to 90",
    ],
    [
      'rejects a radius above 50 km',
      { query: 'a', near: 'Berlin', radius: '50001' },
      'invalid_parameter',
      "Invalid parameter 'radius': must be an integer from 1 to 50000",
    ],
    [
      'rejects a limit above 40',
      { query: 'a', limit: '41' },
      'invalid_parameter',
      "Invalid parameter 'limit': must be an integer from 1 to 40",
    ],
  ])('%s', (_name, query, code, error) => {
    expect(kit.rejection(def.path, query)).toEqual({ code, error });
  });
});

describe('GET /v1/places/search sandbox', () => {
  it('keeps every place within the radius of lat/lon, and the domain is the website host', async () => {
    const { places, body } = await run({ query: 'cafe', lat: '52.52', lon: '13.405', radius: '800', limit: '40' });
    expect(places.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ query: 'cafe', count: places.length });
    for (const p of places) {
      expect(metres(52.52, 13.405, p.latitude, p.longitude)).toBeLessThanOrEqual(801);
      expect(p.domain === null).toBe(p.website === null);
      if (p.website) expect(p.website).toContain(p.domain!);
    }
  });

  it('returns at most limit places', async () => {
    const { places } = await run({ query: 'bakery', limit: '3' });
    expect(places.length).toBeLessThanOrEqual(3);
  });
});
