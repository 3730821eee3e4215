// Validated parameters per endpoint and query string as sent. Clients repeat their queries (a
// dashboard polling, the same search every minute, the load of a benchmark), and a lookup costs
// a fraction of parsing and validating again (the parameter schemas are pure functions of the
// query). Only valid parameters are kept, frozen: a caller that changes them makes a copy.
// Beside them, the query string the call is logged with (lib/usage-log-params.ts), so that it too is
// made once per distinct query string, not per call. Bounded: when full, it starts over.
import type { EndpointDefinition } from '../registry/types';
import { loggedParams } from '@/lib/usage-log-params';

export interface CachedParams {
  params: Readonly<Record<string, unknown>>;
  /** What the call's log row keeps (UsageEvent.params); null when there is nothing to keep. */
  logged: string | null;
}

const MAX_ENTRIES = 4096;
const cache = new Map<string, CachedParams>();

export function cachedParams(endpoint: EndpointDefinition, search: string): CachedParams | undefined {
  return cache.get(endpoint.path + search);
}

/** Keeps `params` (frozen) and their logged form for this endpoint and query string. */
export function keepParams(
  endpoint: EndpointDefinition,
  search: string,
  params: Record<string, unknown>,
): CachedParams {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  const kept = { params: Object.freeze(params), logged: loggedParams(params) };
  cache.set(endpoint.path + search, kept);
  return kept;
}
