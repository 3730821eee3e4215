// Sandbox data for the websearch family: organic results, 10 a page, ranked across pages, each
// from its own site.
import type { FamilyPath, ParamsOf } from '../../registry';
import type { SandboxHandlers } from '../handlers';
import type { WebsearchResult } from '../../registry/websearch';
import { itemRng, listSeed, pageWindow } from './people';
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

type ResultsQuery = ParamsOf<'/v1/websearch/results'>;

function searchResults(params: ResultsQuery) {
  throwOnSandboxInput(params, []);
  const seed = listSeed('/v1/websearch/results', params);
  const window = pageWindow(itemRng(seed, -1), PAGE, params.pages, MAX_PAGES);
  const results: WebsearchResult[] = [];
  for (let i = 0; i < window.count; i++) {
    const rng = itemRng(seed, i);
    const [source, domain] = rng.pick(sites);
    const path = `${slugify(params.query)}-${slugify(titleWords(rng, 2))}`;
    results.push({
      position: (i % PAGE) + 1,
      rank: i + 1,
      title: `${titleWords(rng, 3)}: ${params.query} | ${source}`,
      url: `https://${domain}/${params.language}/${path}`,
      snippet: `${sentence(rng)} ${params.query}. ${sentence(rng)}`,
      source,
      domain,
      displayed_link: `${domain} › ${params.language} › ${path}`,
    });
  }
  return { body: { results, pages: window.pages, count: results.length }, pagesReturned: window.pages };
}

export const websearchSandbox: SandboxHandlers<FamilyPath<'websearch'>> = {
  '/v1/websearch/results': searchResults,
};

export const websearchSandboxNotes: string[] = [
  '`GET /v1/websearch/results?query=sandbox_rate_limited` → 429 upstream_rate_limit (sandbox_upstream_error → 502, sandbox_timeout → 504)',
];
