// The places family: place search on a map.
import { z } from 'zod';
import { count } from './common';
import { int, type ParameterRule, params, text } from './params';
import type { EndpointDefinition } from './types';

// Place (element of `places`)
const placeSchema = z.strictObject({
  /** The map platform's id of the place ("node/123" style on live data). */
  place_id: z.string(),
  name: z.string(),
  /** Primary category, e.g. "cafe". */
  type: z.string(),
  /** Every category the map gives the place, the primary first. */
  subtypes: z.array(z.string()),
  phone_number: z.string().nullable(),
  website: z.string().nullable(),
  /** The website's host without www.; null without a website. */
  domain: z.string().nullable(),
  /** Opening hours as the map writes them ("Mo-Fr 08:00-18:00"); null when unknown. */
  opening_hours: z.string().nullable(),
  /** The full address on one line. */
  address: z.string(),
  street_address: z.string(),
  district: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  /** ISO 3166-1 alpha-2, upper case; empty when unknown. */
  country: z.string(),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** The place on the map platform's site. */
  url: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** A latitude or longitude in decimal degrees, within ±limit. */
function coordinate(limit: number) {
  const rule = `a number from -${limit} to ${limit}`;
  return z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,10})?$/, { error: `must be ${rule}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, { error: `must be ${rule}` })
        .max(limit, { error: `must be ${rule}` }),
    )
    .optional()
    .meta({ type: 'number', minimum: -limit, maximum: limit });
}

/** A cross-parameter check with its own message, shown like the registry's other rules. */
function together(low: string, high: string, message: string, broken: (v: Record<string, unknown>) => boolean) {
  const rule: ParameterRule = { kind: 'in_order', low, high, message };
  return {
    rule,
    check: (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
      if (broken(v)) ctx.addIssue({ code: 'custom', path: [low], message, params: { apiCode: 'invalid_parameter' } });
    },
  };
}

const given = (v: Record<string, unknown>, name: string) => v[name] !== undefined;

const placesSearchParams = params(
  {
    query: text(500),
    near: text(200).optional(),
    lat: coordinate(90),
    lon: coordinate(180),
    /** Metres around the center. */
    radius: int(1, 50_000),
    limit: int(1, 40, 20),
  },
  together('lat', 'lon', "Invalid parameters: 'lat' and 'lon' go together", (v) => given(v, 'lat') !== given(v, 'lon')),
  together(
    'near',
    'lat',
    "Invalid parameters: provide 'near' or 'lat' and 'lon', not both",
    (v) => given(v, 'near') && (given(v, 'lat') || given(v, 'lon')),
  ),
  together(
    'radius',
    'near',
    "Invalid parameters: 'radius' needs a center: 'near', or 'lat' and 'lon'",
    (v) => given(v, 'radius') && !given(v, 'near') && !given(v, 'lat'),
  ),
);

const placesSearchResponse = z.strictObject({ places: z.array(placeSchema), query: z.string(), count });

// Each `example` is widened to Record<string, string>; left literal, TypeScript would give the
// examples of the other endpoints `key?: undefined` members, which EndpointDefinition rejects.
export const placesEndpoints = [
  // GET /v1/places/search: places matching a text, billed per request
  {
    path: '/v1/places/search',
    family: 'places',
    method: 'GET',
    summary: 'Search places',
    description:
      'Places (shops, cafés, museums, addresses) matching a text, best match first, up to `limit` (1-40, ' +
      'default 20) in one request. Optionally around a center: `near` (a place name, looked up first) or ' +
      '`lat` and `lon` (decimal degrees), and `radius` in metres (default 5,000 with a center). Billed once ' +
      'per request, whatever `limit` is and also when nothing matches.',
    params: placesSearchParams,
    response: placesSearchResponse,
    priceMicros: 3000,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: { query: 'coffee', near: 'Kreuzberg, Berlin', radius: '1500', limit: '10' } as Record<string, string>,
  },
] satisfies EndpointDefinition[];
