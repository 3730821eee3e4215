// Nominatim search payloads (GET /search with addressdetails=1 and extratags=1) -> places records.
// Pure: a zod schema of the fields the record reads, and one function per record. Both of
// Nominatim's JSON formats are read: `jsonv2` (what the adapter asks for: `category`, `name`) and
// `json` (`class`, no `name`; older recordings). The field table is in docs/data-sources.md ("places").
import { z } from 'zod';
import type { Place } from '../../../registry/places';

const tags = z.record(z.string(), z.string());

/** One place of a /search answer (the fields the record reads). */
const nominatimPlaceSchema = z.object({
  osm_type: z.string().min(1),
  osm_id: z.union([z.string(), z.number()]).transform(String),
  lat: z.string().regex(/^-?\d+(\.\d+)?$/),
  lon: z.string().regex(/^-?\d+(\.\d+)?$/),
  display_name: z.string(),
  /** jsonv2 names the main tag's key `category`, json `class`. */
  category: z.string().optional(),
  class: z.string().optional(),
  type: z.string(),
  /** jsonv2 only: the place's own name ("" for an unnamed address). */
  name: z.string().nullish(),
  address: tags.optional(),
  extratags: tags.nullish(),
});
export type NominatimPlace = z.infer<typeof nominatimPlaceSchema>;

export const nominatimSearchSchema = z.array(nominatimPlaceSchema);

const first = (values: Record<string, string>, keys: readonly string[]) =>
  keys.map((key) => values[key]).find((value) => value !== undefined && value !== '');

// Nominatim's address labels, most specific first, for each field of the record.
const CITY = ['city', 'town', 'village', 'municipality', 'hamlet'] as const;
const DISTRICT = ['city_district', 'district', 'borough', 'suburb', 'quarter', 'neighbourhood'] as const;
const ROAD = ['road', 'pedestrian', 'footway', 'path', 'square', 'place'] as const;

/** The website's host without www.; null when the tag is not an address. */
function hostOf(website: string | null): string | null {
  if (!website) return null;
  try {
    return new URL(website).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The name: jsonv2's `name`, else the address part labelled with the place's type, else the display name's head. */
function placeName(place: NominatimPlace, address: Record<string, string>): string {
  if (place.name) return place.name;
  const mainKey = place.category ?? place.class;
  return first(address, [place.type, ...(mainKey ? [mainKey] : [])]) ?? place.display_name.split(',')[0]!.trim();
}

/** Coordinates as numbers to 7 decimals (OpenStreetMap's precision). */
const degrees = (value: string) => Math.round(Number(value) * 1e7) / 1e7;

/** One Nominatim result as a place. */
export function toPlace(place: NominatimPlace): Place {
  const address = place.address ?? {};
  const extra = place.extratags ?? {};
  const website = first(extra, ['website', 'contact:website', 'url']) ?? null;
  const cuisine = (extra.cuisine ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && part !== place.type);
  const street = [first(address, ['house_number']), first(address, ROAD)].filter((part) => part).join(' ');
  const id = `${place.osm_type}/${place.osm_id}`;
  return {
    place_id: id,
    name: placeName(place, address),
    type: place.type,
    subtypes: [place.type, ...cuisine],
    phone_number: first(extra, ['phone', 'contact:phone']) ?? null,
    website,
    domain: hostOf(website),
    opening_hours: extra.opening_hours ?? null,
    address: place.display_name,
    street_address: street,
    district: first(address, DISTRICT) ?? '',
    city: first(address, CITY) ?? '',
    state: first(address, ['state', 'region', 'province']) ?? '',
    zipcode: address.postcode ?? '',
    country: (address.country_code ?? '').toUpperCase(),
    latitude: degrees(place.lat),
    longitude: degrees(place.lon),
    url: `https://www.openstreetmap.org/${id}`,
  };
}
