// The Nominatim calls behind GET /v1/places/search:
//   GET /search?q=&format=jsonv2&addressdetails=1&extratags=1&limit=        (the places)
//   GET /search?q=<near>&format=jsonv2&limit=1                              (a `near` center, first)
// A center becomes a box of the radius around it (viewbox=<lon1>,<lat1>,<lon2>,<lat2>&bounded=1);
// the adapter then keeps the places within the circle. Statuses: 403 (the public instance blocks
// a client without an identifying User-Agent or over its limit) and 404 (no Nominatim at
// LIVE_PLACES_URL) -> logged 502; 429 -> the framework's 429 upstream_rate_limit.
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient, PlatformResponse } from '../platform-client';
import { type NominatimPlace, nominatimSearchSchema } from './map';

export const SEARCH_PATH = '/search';
const METRES_PER_DEGREE = 111_320;

export interface Call {
  platform: PlatformClient;
  signal: AbortSignal;
  log(message: string): void;
}

export interface Center {
  lat: number;
  lon: number;
  radius: number;
}

/** The box around a center that holds its circle: Nominatim's viewbox (lon1,lat1,lon2,lat2). */
export function viewboxOf(center: Center): string {
  const dLat = center.radius / METRES_PER_DEGREE;
  const dLon = center.radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  const round = (value: number) => Number(value.toFixed(7));
  const lat1 = round(Math.max(-90, center.lat - dLat));
  const lat2 = round(Math.min(90, center.lat + dLat));
  return [round(center.lon - dLon), lat1, round(center.lon + dLon), lat2].join(',');
}

/** Metres between two points on the sphere (haversine). */
export function distanceMetres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

function refused(call: Call, page: PlatformResponse): ProviderError {
  const hint =
    page.status === 403
      ? ': the instance refused this client (the public one asks for an identifying LIVE_USER_AGENT and 1 request a second)'
      : ': check LIVE_PLACES_URL (a Nominatim server)';
  call.log(`live places: /search answered ${page.status}${hint} (upstream_error)`);
  return new ProviderError('upstream_error', `The map refused the request (${page.status})`);
}

async function search(call: Call, query: Record<string, string | number | undefined>): Promise<NominatimPlace[]> {
  const page = await call.platform.request({
    path: SEARCH_PATH,
    query: { format: 'jsonv2', ...query },
    accept: [403, 404],
    signal: call.signal,
  });
  if (page.status !== 200) throw refused(call, page);
  return parsePayload(nominatimSearchSchema, page.body, { family: 'places', what: '/search', log: call.log });
}

/** Places matching `text`, within the box of `center` when given. */
export function searchPlaces(call: Call, text: string, limit: number, center?: Center): Promise<NominatimPlace[]> {
  return search(call, {
    q: text,
    addressdetails: 1,
    extratags: 1,
    limit,
    viewbox: center ? viewboxOf(center) : undefined,
    bounded: center ? 1 : undefined,
  });
}

/** The point a `near` text names (the best match); a name the map cannot find is invalid_parameter. */
export async function locate(call: Call, near: string): Promise<{ lat: number; lon: number }> {
  const [best] = await search(call, { q: near, limit: 1 });
  if (!best) throw new ProviderError('invalid_parameter', "Invalid parameter 'near': the map cannot find it");
  return { lat: Number(best.lat), lon: Number(best.lon) };
}
