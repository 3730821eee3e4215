import { describe, expect, it } from 'vitest';
import { websearchSandbox } from '../../providers/sandbox/websearch';
import { websearchEndpoints } from '../websearch';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(websearchEndpoints, websearchSandbox);
const def = websearchEndpoints[0]!;
type Result = { position: number; rank: number; url: string; domain: string; displayed_link: string };

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, results: result.body.results as Result[] };
}

describe('GET /v1/websearch/results contract', () => {
  contractTests(def, websearchSandbox);

  it('is billed per page of 10 at $0.004, up to 10 pages, without sentiment', () => {
    expect(def).toMatchObject({
      priceMicros: 4000,
      billingUnit: 'page',
      pageSize: 10,
      paging: { param: 'pages', max: 10 },
      sentiment: false,
    });
  });
});

describe('GET /v1/websearch/results parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['rejects a search without query', {}, 'missing_parameter', "Missing parameter 'query'"],
    [
      'rejects a country that is not 2 letters',
      { query: 'a', country: 'usa' },
      'invalid_parameter',
      "Invalid parameter 'country': must be a 2-letter ISO 3166-1 country code",
    ],
    [
      'rejects an unknown time',
      { query: 'a', time: 'decade' },
      'invalid_parameter',
      "Invalid parameter 'time': must be one of: any, hour, day, week, month, year",
    ],
    [
      'rejects get_sentiment',
      { query: 'a', get_sentiment: 'true' },
      'invalid_parameter',
      "Unknown parameter 'get_sentiment'",
    ],
  ])('%s', (_name, query, code, error) => {
    expect(kit.rejection(def.path, query)).toEqual({ code, error });
  });

  it('defaults to country us, language en and any time, and lowers the codes', () => {
    expect(def.params.parse({ query: 'a', country: 'GB' })).toMatchObject({
      country: 'gb',
      language: 'en',
      time: 'any',
    });
  });
});

describe('GET /v1/websearch/results sandbox', () => {
  it('ranks across pages and numbers positions within each page', async () => {
    const { results, body, pagesReturned } = await run({ query: 'open data', pages: '3' });
    results.forEach((r, i) => {
      expect(r.rank).toBe(i + 1);
      expect(r.position).toBe((i % 10) + 1);
      expect(new URL(r.url).hostname).toBe(r.domain);
      expect(r.displayed_link.startsWith(`${r.domain} › `)).toBe(true);
    });
    expect(pagesReturned).toBe(body.pages);
    expect(body.pages).toBe(Math.max(1, Math.ceil(results.length / 10)));
  });
});
