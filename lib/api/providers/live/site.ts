// The `source` and `domain` a live record carries: the platform's own display name and domain
// (the spec: "a constant per family: the platform's display name and its domain"), declared by
// each adapter (`site` in types.ts). The sandbox keeps the family's neutral defaults
// (lib/api/families.ts); FAMILY_<NAME>_SOURCE and _DOMAIN, when the operator sets them, win here too.
import { familySite } from '../../families';
import type { LiveAdapter, PlatformSite } from './types';
import type { EnvRecord } from '@/lib/env';

/** A base address's host without `www.` ("https://www.reddit.com" -> "reddit.com"). */
export function siteDomainOf(baseUrl: string): string {
  return new URL(baseUrl).hostname.replace(/^www\./, '');
}

/**
 * The site an adapter's records carry at this base address, resolved once when its provider is
 * built (LiveContext.site). An adapter whose records each name their own site ('per-record',
 * news: the feed's outlet and host) gets the family's defaults here, for what it may need them for.
 */
export function liveSiteFor(adapter: LiveAdapter, baseUrl: string, env: EnvRecord): PlatformSite {
  const fallback = familySite(adapter.family);
  const declared =
    adapter.site === undefined || adapter.site === 'per-record'
      ? fallback
      : typeof adapter.site === 'function'
        ? adapter.site(baseUrl)
        : adapter.site;
  const key = `FAMILY_${adapter.family.toUpperCase()}`;
  return {
    source: env[`${key}_SOURCE`] || declared.source,
    domain: env[`${key}_DOMAIN`] || declared.domain,
  };
}
