// The replay route table for places: Nominatim's /search answered from data/live/places/ (sources
// and licences in NOTICE), by the exact query the adapter sends.
//
// What is recorded and what is not:
// - nominatim_cologne_cathedral_cologne_germany.json and nominatim_madison_square_garden.json are
//   real /search answers with addressdetails, recorded by the Ruby geocoder gem's tests
//   (alexreisner/geocoder, MIT) in Nominatim's `json` format (`class`, no `name` or `extratags`);
//   nominatim_no_results.json is its recorded empty answer and nominatim_over_limit.html the public
//   instance's block page. The gem keeps no request, so they answer here the adapter's requests.
// - No recorded answer with `extratags` and in `jsonv2` with a licence was found:
//   nominatim-london-documented.json is Nominatim's documented example (docs/api/Output.md: London,
//   with extratags), given as the one-place array /search answers, with its `class` renamed
//   `category` as the documentation says jsonv2 does. It tests the mapping of tags, not the platform.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';
import { type Center, SEARCH_PATH, viewboxOf } from '../../client';

const DIR = 'data/live/places';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');

/** The settings scripts/live-replay.ts prints beside LIVE_PLACES_URL. */
/** @public read by name by scripts/live-replay.ts */
export const placesReplayEnv = { LIVE_PLACES_REQUESTS_PER_MINUTE: '600', LIVE_PLACES_BURST: '10' };

export function recording(file: string): string {
  return readFileSync(path.resolve(repositoryRoot, DIR, file), 'utf8');
}

export const COLOGNE = 'Cologne Cathedral';
export const GARDEN = 'Madison Square Garden';
export const LONDON = 'London';
export const NOTHING = 'zzyzx nowhere place';
export const ATLANTIS = 'Atlantis';
/** The cathedral's recorded point, to the 7 decimals the API's lat/lon take. */
export const CATHEDRAL = { lat: 50.9413445, lon: 6.9581209 };
export const GARDEN_POINT = { lat: 40.7504928941818, lon: -73.993466492276 };
/** 500 m around a point 400 m north and 400 m east of the cathedral: it lies in the box, not the circle. */
export const OFF_CENTER: Center = {
  lat: Number((CATHEDRAL.lat + 400 / 111_320).toFixed(7)),
  lon: Number((CATHEDRAL.lon + 400 / (111_320 * Math.cos((CATHEDRAL.lat * Math.PI) / 180))).toFixed(7)),
  radius: 500,
};

const searchQuery = (q: string, extra: Record<string, string> = {}) => ({
  q,
  format: 'jsonv2',
  addressdetails: '1',
  extratags: '1',
  limit: '20',
  ...extra,
});
const bounded = (center: Center) => ({ viewbox: viewboxOf(center), bounded: '1' });
const locateQuery = (q: string) => ({ q, format: 'jsonv2', limit: '1' });

export const placesRoutes: ReplayRoute[] = [
  { path: SEARCH_PATH, query: searchQuery(COLOGNE), file: `${DIR}/nominatim_cologne_cathedral_cologne_germany.json` },
  {
    path: SEARCH_PATH,
    query: searchQuery(COLOGNE, bounded({ ...CATHEDRAL, radius: 300 })),
    file: `${DIR}/nominatim_cologne_cathedral_cologne_germany.json`,
  },
  {
    path: SEARCH_PATH,
    query: searchQuery(COLOGNE, bounded(OFF_CENTER)),
    file: `${DIR}/nominatim_cologne_cathedral_cologne_germany.json`,
  },
  { path: SEARCH_PATH, query: locateQuery(GARDEN), file: `${DIR}/nominatim_madison_square_garden.json` },
  {
    path: SEARCH_PATH,
    query: searchQuery(GARDEN, { limit: '5', ...bounded({ ...GARDEN_POINT, radius: 1000 }) }),
    file: `${DIR}/nominatim_madison_square_garden.json`,
  },
  { path: SEARCH_PATH, query: searchQuery(LONDON), file: `${DIR}/nominatim-london-documented.json` },
  { path: SEARCH_PATH, query: searchQuery(NOTHING), file: `${DIR}/nominatim_no_results.json` },
  { path: SEARCH_PATH, query: locateQuery(ATLANTIS), file: `${DIR}/nominatim_no_results.json` },
];
