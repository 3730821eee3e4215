// Sandbox data for the websearch family: organic results, 10 a page, ranked across pages, each
// from its own site.
import type { z } from 'zod';
import type { SandboxHandler } from '../../registry/types';
import type { WebsearchResult, websearchResultsParams } from '../../registry/websearch';
import { type Defaulted, itemRng, listSeed, pageWindow } from './people';
import { sentence, throwOnSandboxInput, titleWords } from './random';
import { slugify } from './texts';

const PAGE = 10;
const MAX_PAGES = 10;
const sites = [
  ['Wikipedia', 'en.wikipedia.org'],
  ['The Daily Example', 'dailyexample.com'],
  ['Example Docs', 'docs.example.org'],
  ['Open Data Hub', 'opendatahub.example.net'],
  ['Forum Example', 'forum.example.com'],
  ['Example University', 'cs.example.edu'],
] as const;

type ResultsQuery = Defaulted<z.output<typeof websearchResultsParams>, 'pages' | 'country' | 'language' | 'time'>;

function searchResults(params: Record<string, unknown>) {
  throwOnSandboxInput(params, []);
  const q = params as ResultsQuery;
  const seed = listSeed('/v1/websearch/results', params);
  const window = pageWindow(itemRng(seed, -1), PAGE, q.pages, MAX_PAGES);
  const results: WebsearchResult[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const [source, domain] = rng.pick(sites);
    const path = `${slugify(q.query)}-${slugify(titleWords(rng, 2))}`;
    results.push({
      position: (i % PAGE) + 1,
      rank: i + 1,
      title: `${titleWords(rng, 3)}: ${q.query} | ${source}`,
      url: `https://${domain}/${q.language}/${path}`,
      snippet: `${sentence(rng)} ${q.query}. ${sentence(rng)}`,
      source,
      domain,
      displayed_link: `${domain} › ${q.language} › ${path}`,
    });
  }
  return { body: { results, pages: window.pages, count: results.length }, pagesReturned: window.pages };
}

export const websearchSandbox: Record<string, SandboxHandler> = {
  '/v1/websearch/results': searchResults,
};

export const websearchSandboxNotes: string[] = [
  '`GET /v1/websearch/results?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
