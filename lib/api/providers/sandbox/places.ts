// Sandbox data for the places family: places matching a text around a center (the given lat/lon,
// or a point drawn for `near`, or one for the query), within the radius, best match first.
import { familySite } from '../../families';
import type { Place } from '../../registry/places';
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import { itemRng, listSeed, pageWindow } from './people';
import { Rng, throwOnSandboxInput, titleWords } from './random';
import { slugify, titleCase } from './texts';

const categories = ['cafe', 'restaurant', 'museum', 'bakery', 'library', 'pharmacy', 'park', 'bookshop'];
const streets = ['Main Street', 'Station Road', 'Market Square', 'River Lane', 'Park Avenue', 'Mill Road'];
const cities = [
  ['Springfield', 'Central District', 'Westland', 'US'],
  ['Kingsbridge', 'Old Town', 'Northshire', 'GB'],
  ['Neustadt', 'Mitte', 'Oberland', 'DE'],
] as const;
const EARTH_METRES_PER_DEGREE = 111_320;

type SearchQuery = ParamsOf<'/v1/places/search'>;

function searchPlaces(params: SearchQuery) {
  throwOnSandboxInput(params, []);
  const { domain } = familySite('places');
  const seed = listSeed('/v1/places/search', params);
  const centerRng = new Rng(`places:${params.near ?? params.query}`);
  const lat = params.lat ?? centerRng.int(-50_000, 60_000) / 1000;
  const lon = params.lon ?? centerRng.int(-120_000, 140_000) / 1000;
  const radius = params.radius ?? 5000;
  const [city, district, state, country] = centerRng.pick(cities);
  const count = pageWindow(itemRng(seed, -1), params.limit, 1, 1, 40).count;
  const places: Place[] = [];
  for (let i = 0; i < count; i++) {
    const rng = itemRng(seed, i);
    const type = rng.pick(categories);
    const name = `${titleCase(titleWords(rng, 2))} ${titleCase(type)}`;
    const street = `${rng.int(1, 240)} ${rng.pick(streets)}`;
    const zipcode = String(rng.int(10000, 99999));
    const website = rng.bool(0.6) ? `https://www.${slugify(name)}.example.com/` : null;
    // A point within the radius: distance and bearing drawn, converted to degrees.
    const distance = rng.int(0, radius);
    const bearing = rng.next() * 2 * Math.PI;
    const dLat = (distance * Math.cos(bearing)) / EARTH_METRES_PER_DEGREE;
    const dLon =
      (distance * Math.sin(bearing)) / (EARTH_METRES_PER_DEGREE * Math.max(0.1, Math.cos((lat * Math.PI) / 180)));
    const id = `node/${rng.int(100_000_000, 9_999_999_999)}`;
    places.push({
      place_id: id,
      name,
      type,
      subtypes: rng.bool(0.3) ? [type, rng.pick(categories.filter((c) => c !== type))] : [type],
      phone_number: rng.bool(0.5) ? `+1${rng.id(10, '0123456789')}` : null,
      website,
      domain: website ? new URL(website).hostname.replace(/^www\./, '') : null,
      opening_hours: rng.bool(0.6) ? rng.pick(['Mo-Fr 08:00-18:00', 'Mo-Su 07:00-22:00', 'Tu-Sa 10:00-17:00']) : null,
      address: `${name}, ${street}, ${district}, ${city}, ${state}, ${zipcode}, ${country}`,
      street_address: street,
      district,
      city,
      state,
      zipcode,
      country,
      latitude: Math.round(Math.max(-90, Math.min(90, lat + dLat)) * 1e7) / 1e7,
      longitude: Math.round((((lon + dLon + 540) % 360) - 180) * 1e7) / 1e7,
      url: `https://${domain}/${id}`,
    });
  }
  return { body: { places, query: params.query, count: places.length }, pagesReturned: 1 };
}

export const placesSandbox: SandboxHandlers<FamilyPath<'places'>> = {
  '/v1/places/search': searchPlaces,
};

export const placesSandboxNotes: string[] = [
  '`GET /v1/places/search?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
