// A call's parameters: the query validated by its endpoint's schema (every bad parameter named in
// one 400), or found in the cache under the query string as sent (params-cache.ts), with what the
// call's log row keeps of them.
import { toParameterError } from '../registry/params';
import type { EndpointDefinition } from '../registry/types';
import { type CachedParams, cachedParams, keepParams } from './params-cache';
import { type CallOutcome, errorOutcome } from './respond';
import { loggedParams } from '@/lib/usage-log-params';

/**
 * Query values to an object; blank values count as absent, a repeated name is an error (named
 * in the result). A prototype-free object keeps names like `__proto__` as ordinary (unknown)
 * parameters.
 */
export function queryObject(entries: Iterable<[string, string]>): Record<string, string> | string {
  const query: Record<string, string> = Object.create(null);
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (seen.has(name)) return name;
    seen.add(name);
    if (value.trim() !== '') query[name] = value;
  }
  return query;
}

/**
 * The call's validated parameters and their logged form, or the refusal that names what is wrong.
 * `search` is the query string as sent, when the parameters came from one (a batch item's have none).
 */
export function callParams(
  endpoint: EndpointDefinition,
  rawQuery: Iterable<[string, string]>,
  search: string | undefined,
): CachedParams | { refusal: CallOutcome } {
  const cached = search === undefined ? undefined : cachedParams(endpoint, search);
  if (cached !== undefined) return cached;
  const query = queryObject(rawQuery);
  if (typeof query === 'string') {
    return { refusal: errorOutcome('invalid_parameter', `Invalid parameter '${query}': given more than once`) };
  }
  const parsed = endpoint.params.safeParse(query);
  if (!parsed.success) {
    const { code, error } = toParameterError(parsed.error, query);
    return { refusal: errorOutcome(code, error) };
  }
  // A batch item's parameters are not cached (no query string): logged here, once per item.
  return search === undefined
    ? { params: parsed.data, logged: loggedParams(parsed.data) }
    : keepParams(endpoint, search, parsed.data);
}
