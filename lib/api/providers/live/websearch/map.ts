// SearXNG search payloads (GET /search?format=json) -> websearch results. Pure: a zod schema of
// the fields the record reads, and the mapping. A record names its own site (the adapter's
// `site` is 'per-record'): SearXNG gives no site name, so `source` is the host without www., as
// the registry says. The field table is in docs/data-sources.md ("websearch").
import { z } from 'zod';
import type { WebsearchResult } from '../../../registry/websearch';

/** One result of SearXNG's JSON output (searx/webapp.py serialises its result objects). */
const searxngResultSchema = z.object({
  url: z.string().nullish(),
  title: z.string().nullish(),
  content: z.string().nullish(),
  engine: z.string().nullish(),
});
export type SearxngResult = z.infer<typeof searxngResultSchema>;

export const searxngSearchSchema = z.object({
  query: z.string(),
  results: z.array(searxngResultSchema),
  unresponsive_engines: z.array(z.unknown()).optional(),
});

/** The page address parsed, for results that have a web address (not a map pin, not an answer). */
export function webAddress(url: string | null | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** "host › segment › segment", as a result page shows an address. */
function displayedLink(url: URL): string {
  const segments = url.pathname
    .split('/')
    .filter((segment) => segment)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return [url.hostname.replace(/^www\./, ''), ...segments].join(' › ');
}

/** One result as a websearch record at its place on its page and in the merged list. */
export function toWebsearchResult(
  result: SearxngResult,
  url: URL,
  place: { position: number; rank: number },
): WebsearchResult {
  const domain = url.hostname.replace(/^www\./, '');
  return {
    position: place.position,
    rank: place.rank,
    title: (result.title ?? '').trim(),
    url: url.toString(),
    snippet: (result.content ?? '').trim(),
    source: domain,
    domain,
    displayed_link: displayedLink(url),
  };
}
