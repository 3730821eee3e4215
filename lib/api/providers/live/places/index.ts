// The places live adapter: an OpenStreetMap geocoder, Nominatim (LIVE_PLACES_URL, default the
// public instance https://nominatim.openstreetmap.org). GET /v1/places/search is one /search call,
// or two with `near` (the center looked up first); a center keeps the places within `radius`
// (default 5,000 m). Requests and errors: ./client.ts; the records: ./map.ts; the field table and
// the usage policy: docs/data-sources.md.
import type { ParamsOf } from '../../../registry';
import type { LiveAdapter } from '../types';
import { type Call, type Center, distanceMetres, locate, searchPlaces } from './client';
import { toPlace } from './map';
import type { EnvRecord } from '@/lib/env';

type SearchQuery = ParamsOf<'/v1/places/search'>;

const PUBLIC_INSTANCE = 'https://nominatim.openstreetmap.org';
const DEFAULT_RADIUS = 5000;
/** lib/env.ts's default LIVE_USER_AGENT, which names no operator. */
const ANONYMOUS_AGENT = /operator contact not configured/;

async function centerOf(call: Call, query: SearchQuery): Promise<Center | undefined> {
  const radius = query.radius ?? DEFAULT_RADIUS;
  if (query.lat !== undefined && query.lon !== undefined) return { lat: query.lat, lon: query.lon, radius };
  if (query.near !== undefined) return { ...(await locate(call, query.near)), radius };
  return undefined;
}

async function searchCall(call: Call, query: SearchQuery) {
  const center = await centerOf(call, query);
  const found = await searchPlaces(call, query.query, query.limit ?? 20, center);
  // The viewbox is a square around the circle: its corners are not within the radius.
  const within = center
    ? found.filter(
        (place) => distanceMetres(center, { lat: Number(place.lat), lon: Number(place.lon) }) <= center.radius,
      )
    : found;
  const places = within.map(toPlace);
  return { body: { places, query: query.query, count: places.length }, pagesReturned: 1 };
}

export const placesAdapter: LiveAdapter<'/v1/places/search'> = {
  family: 'places',
  defaultBaseUrl: PUBLIC_INSTANCE,
  // The records carry no source of their own (a place's `domain` is its website's); the map's
  // name is here for /status and the site check.
  site: { source: 'OpenStreetMap', domain: 'openstreetmap.org' },
  // The public instance's usage policy: at most 1 request a second, one at a time, and an
  // identifying User-Agent. An operator's own server may raise them (LIVE_PLACES_REQUESTS_PER_MINUTE, …).
  politeness: { requestsPerMinute: 60, burst: 1, concurrency: 1 },
  paths: ['/v1/places/search'],
  probe: { path: '/v1/places/search', query: { query: 'Cologne Cathedral' } },
  unavailableReason: (env: EnvRecord) => {
    const base = env.LIVE_PLACES_URL?.trim() || PUBLIC_INSTANCE;
    const publicInstance = new URL(base).hostname === new URL(PUBLIC_INSTANCE).hostname;
    const agent = env.LIVE_USER_AGENT?.trim() ?? '';
    if (publicInstance && (agent === '' || ANONYMOUS_AGENT.test(agent))) {
      return 'LIVE_USER_AGENT names no operator: the public Nominatim instance asks for an identifying User-Agent (or set LIVE_PLACES_URL to your own Nominatim)';
    }
    return undefined;
  },
  createHandlers({ platform, log }) {
    return {
      '/v1/places/search': (query, signal) => searchCall({ platform, signal, log }, query),
    };
  },
};
