// What a call's parameters mean for its bill, read from its endpoint's definition: the most units
// it may bill (what its holds cover, and more than its bill never is), and its parameters cut to
// the free units an account without a payment method holds.
import type { EndpointDefinition } from './types';

/** Billed per page, with the number of pages asked as `pages`. */
function billsPagesAsked(endpoint: EndpointDefinition): boolean {
  return endpoint.billingUnit === 'page' && endpoint.paging?.param === 'pages';
}

/**
 * The most units a call with these (validated) parameters may bill: the definition's own
 * `maxUnits`, else `pages` for an endpoint billed per page that takes `pages`, else 1.
 */
export function maxUnitsOf(endpoint: EndpointDefinition, params: Record<string, unknown>): number {
  if (endpoint.maxUnits) return endpoint.maxUnits(params);
  if (!billsPagesAsked(endpoint)) return 1;
  return typeof params.pages === 'number' ? params.pages : 1;
}

/**
 * The parameters with `pages` cut to `units` when they ask for more pages than that (a call of
 * an account without a payment method returns no more pages than the free units it holds), or
 * undefined when nothing is cut.
 */
export function cutToUnits(
  endpoint: EndpointDefinition,
  params: Record<string, unknown>,
  units: number,
): Record<string, unknown> | undefined {
  if (!billsPagesAsked(endpoint) || typeof params.pages !== 'number' || params.pages <= units) return undefined;
  return { ...params, pages: units };
}
