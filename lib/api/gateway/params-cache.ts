// Validated parameters per endpoint and query string as sent. Clients repeat their queries (a
// dashboard polling, the same search every minute, the load of a benchmark), and a lookup costs
// a fraction of parsing and validating again (the parameter schemas are pure functions of the
// query). Only valid parameters are kept, frozen: a caller that changes them makes a copy.
// Bounded: when full, it starts over.
import type { EndpointDefinition } from '../registry/types';

const MAX_ENTRIES = 4096;
const cache = new Map<string, Readonly<Record<string, unknown>>>();

export function cachedParams(endpoint: EndpointDefinition, search: string): Readonly<Record<string, unknown>> | undefined {
  return cache.get(endpoint.path + search);
}

/** Keeps `params` for this endpoint and query string, and freezes them. */
export function keepParams(endpoint: EndpointDefinition, search: string, params: Record<string, unknown>): void {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(endpoint.path + search, Object.freeze(params));
}
