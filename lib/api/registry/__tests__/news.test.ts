import { describe, expect, it } from 'vitest';
import { newsSandbox } from '@/lib/api/providers/sandbox/news';
import { formatDate } from '@/lib/api/providers/sandbox/random';
import { newsArticleSchema, newsEndpoints, type NewsArticle } from '../news';
import { toParameterError } from '../params';
import { ProviderError } from '../types';

const PATH = '/v1/news/articles';
const endpoint = newsEndpoints[0]!;

async function call(raw: Partial<Record<string, string>>) {
  return newsSandbox[PATH](endpoint.params.parse(raw));
}

function paramError(raw: Record<string, string>) {
  const result = endpoint.params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

describe('news articles registry', () => {
  it('bills one request whatever limit is, with sentiment read from the snippet', () => {
    expect(endpoint).toMatchObject({
      path: PATH,
      billingUnit: 'request',
      concurrency: 10,
      sentiment: true,
      sentimentTarget: { list: 'articles', text: 'snippet' },
    });
    expect(endpoint).not.toHaveProperty('paging');
    expect(endpoint.billedErrors).toEqual({});
  });

  it('defaults limit to 10 and get_sentiment to false', () => {
    expect(endpoint.params.parse({ query: 'x' })).toEqual({ query: 'x', limit: 10, get_sentiment: false });
  });
});

describe('news articles sandbox', () => {
  it('parses the example and returns schema-valid articles with every field, the same each time', async () => {
    expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
    const first = await call(endpoint.example);
    expect(endpoint.response.safeParse(first.body).success).toBe(true);
    expect(first.pagesReturned).toBe(1);
    expect(await call(endpoint.example)).toEqual(first);
    for (const a of first.body.articles as NewsArticle[]) {
      expect(Object.keys(a).sort()).toEqual(
        Object.keys(newsArticleSchema.shape)
          .filter((k) => k !== 'sentiment')
          .sort(),
      );
      expect(a.date).toBe(formatDate(a.date_timestamp));
      expect(new URL(a.url).hostname).toBe(`www.${a.domain}`);
      expect(a.snippet.length).toBeGreaterThan(0);
    }
  });

  it('returns newest first, echoes limit and counts the articles', async () => {
    const { body } = await call({ query: 'elections', limit: '50' });
    const articles = body.articles as NewsArticle[];
    expect(body.limit).toBe(50);
    expect(body.count).toBe(articles.length);
    expect(articles.length).toBeLessThanOrEqual(50);
    const stamps = articles.map((a) => a.date_timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('returns fewer articles than limit for some queries and a prefix of the larger answer otherwise', async () => {
    let short = 0;
    for (let i = 0; i < 30; i++) {
      const big = (await call({ query: `topic ${i}`, limit: '100' })).body;
      if ((big.count as number) < 100) short++;
      const small = (await call({ query: `topic ${i}`, limit: '5' })).body;
      expect(small.articles).toEqual((big.articles as unknown[]).slice(0, 5));
    }
    expect(short).toBeGreaterThan(0);
  });

  it('answers query=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(call({ query: 'sandbox_rate_limited' })).rejects.toSatisfy(
      (e) => e instanceof ProviderError && e.code === 'upstream_rate_limit',
    );
  });
});

describe('news articles parameter errors', () => {
  const cases: [string, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects a call without query as missing_parameter',
      { limit: '5' },
      { code: 'missing_parameter', error: "Missing parameter 'query'" },
    ],
    [
      'rejects limit 101 as invalid_parameter',
      { query: 'x', limit: '101' },
      { code: 'invalid_parameter', error: "Invalid parameter 'limit': must be an integer from 1 to 100" },
    ],
    [
      'rejects limit 0 as invalid_parameter',
      { query: 'x', limit: '0' },
      { code: 'invalid_parameter', error: "Invalid parameter 'limit': must be an integer from 1 to 100" },
    ],
    [
      'rejects a 501-character query as invalid_parameter',
      { query: 'q'.repeat(501) },
      { code: 'invalid_parameter', error: "Invalid parameter 'query': must be at most 500 characters" },
    ],
    [
      'rejects pages as an unknown parameter because articles are not paginated',
      { query: 'x', pages: '2' },
      { code: 'invalid_parameter', error: "Unknown parameter 'pages'" },
    ],
    [
      'rejects get_sentiment 1 as invalid_parameter',
      { query: 'x', get_sentiment: '1' },
      { code: 'invalid_parameter', error: "Invalid parameter 'get_sentiment': must be true or false" },
    ],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(paramError(raw)).toEqual(expected);
  });
});
