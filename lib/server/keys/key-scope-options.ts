// What a restricted key may be limited to: the data families and their endpoints, from the
// registry (the one description of the API). The create form lists them; createApiKey refuses
// anything else.
import { dataEndpoints } from '@/lib/api/registry';

export type KeyScopeFamily = { family: string; endpoints: string[] };

export function keyScopeOptions(): KeyScopeFamily[] {
  const byFamily = new Map<string, string[]>();
  for (const endpoint of dataEndpoints) {
    byFamily.set(endpoint.family, [...(byFamily.get(endpoint.family) ?? []), endpoint.path]);
  }
  return [...byFamily].map(([family, endpoints]) => ({ family, endpoints }));
}

/** The scopes that name no family or data endpoint. */
export function unknownScopes(scopes: readonly string[]): string[] {
  const known = new Set(keyScopeOptions().flatMap(({ family, endpoints }) => [family, ...endpoints]));
  return scopes.filter((scope) => !known.has(scope));
}

/**
 * One scope list without repeats, an endpoint dropped when its family is chosen too (the family
 * already allows it), in the registry's order.
 */
export function normalizeScopes(scopes: readonly string[]): string[] {
  const chosen = new Set(scopes);
  return keyScopeOptions().flatMap(({ family, endpoints }) =>
    chosen.has(family) ? [family] : endpoints.filter((path) => chosen.has(path)),
  );
}
