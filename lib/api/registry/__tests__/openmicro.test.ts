import { describe, expect, it } from 'vitest';
import { openmicroSandbox } from '../../providers/sandbox/openmicro';
import { SANDBOX_NOW } from '../../providers/sandbox/random';
import { openmicroEndpoints } from '../openmicro';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(openmicroEndpoints, openmicroSandbox);
const def = openmicroEndpoints[0]!;
type Post = {
  date: string;
  snippet: string;
  post_id: string;
  author_id: string;
  url: string;
  media_type: string;
  image_url: string;
  hashtags: string[];
};

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, posts: result.body.posts as Post[] };
}

const rejection = (query: Readonly<Record<string, string | undefined>>) => kit.rejection(def.path, query);

describe('GET /v1/openmicro/posts contract', () => {
  contractTests(def, openmicroSandbox);

  it('rejects a body whose post lacks a field or carries an extra one', async () => {
    const { body } = await run({ query: 'coffee' });
    const missing = structuredClone(body) as { posts: Record<string, unknown>[] };
    delete missing.posts[0]!.bookmarks;
    expect(def.response.safeParse(missing).success).toBe(false);
    const extra = structuredClone(body) as { posts: Record<string, unknown>[] };
    extra.posts[0]!.views = 10;
    expect(def.response.safeParse(extra).success).toBe(false);
  });

  it('is billed per page at $0.003 with sentiment on the post text', () => {
    expect(def).toMatchObject({
      priceMicros: 3000,
      billingUnit: 'page',
      pageSize: 50,
      paging: { param: 'pages', max: 20 },
      sentimentTarget: { list: 'posts', text: 'snippet' },
      billedErrors: {},
    });
  });
});

describe('GET /v1/openmicro/posts parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    [
      'rejects a search without query with missing_parameter',
      { pages: '2' },
      'missing_parameter',
      "Missing parameter 'query'",
    ],
    [
      'rejects a query over 500 characters',
      { query: 'x'.repeat(501) },
      'invalid_parameter',
      "Invalid parameter 'query': must be at most 500 characters",
    ],
    [
      'rejects pages above 20 with invalid_parameter',
      { query: 'a', pages: '21' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 20",
    ],
    [
      'rejects pages that are not an integer',
      { query: 'a', pages: '1.5' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 20",
    ],
    [
      'rejects an unknown sort_by',
      { query: 'a', sort_by: 'top' },
      'invalid_parameter',
      "Invalid parameter 'sort_by': must be one of: most_recent, relevance",
    ],
    // params.ts's date() reports both its form and its calendar rule for a malformed date.
    [
      'rejects a start_date not in YYYY-MM-DD form',
      { query: 'a', start_date: '01/02/2026' },
      'invalid_parameter',
      "Invalid parameter 'start_date': must be a date in the form YYYY-MM-DD",
    ],
    [
      'rejects an end_date that is not a real day',
      { query: 'a', end_date: '2026-02-30' },
      'invalid_parameter',
      "Invalid parameter 'end_date': must be a real calendar date YYYY-MM-DD",
    ],
    [
      'rejects an end_date before the start_date',
      { query: 'a', start_date: '2026-03-02', end_date: '2026-03-01' },
      'invalid_parameter',
      "Invalid parameters: 'end_date' must not be before 'start_date'",
    ],
    [
      'rejects an unknown parameter',
      { query: 'a', since: '2026-01-01' },
      'invalid_parameter',
      "Unknown parameter 'since'",
    ],
  ])('%s', (_name, query, code, error) => {
    expect(rejection(query)).toEqual({ code, error });
  });

  it('accepts a one-day window where start_date equals end_date', () => {
    expect(def.params.safeParse({ query: 'a', start_date: '2026-03-01', end_date: '2026-03-01' }).success).toBe(true);
  });
});

describe('GET /v1/openmicro/posts sandbox', () => {
  it('answers query=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(run({ query: 'sandbox_rate_limited' })).rejects.toMatchObject({
      name: 'ProviderError',
      code: 'upstream_rate_limit',
    });
  });

  it('keeps every post inside start_date and end_date, newest first by default', async () => {
    const { posts } = await run({ query: 'election', start_date: '2026-05-01', end_date: '2026-05-31', pages: '3' });
    expect(posts.length).toBeGreaterThan(0);
    for (const p of posts) {
      expect(p.date >= '2026-05-01 00:00:00').toBe(true);
      expect(p.date <= '2026-05-31 23:59:59').toBe(true);
    }
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('returns no posts for a window that lies in the future', async () => {
    const future = new Date((SANDBOX_NOW + 10 * 86400) * 1000).toISOString().slice(0, 10);
    const { body, pagesReturned } = await run({ query: 'a', start_date: future });
    expect(body).toMatchObject({ count: 0, pages: 1 });
    expect(pagesReturned).toBe(1);
  });

  it('gives posts at:// URIs, DID authors and media fields that agree with media_type', async () => {
    const { posts } = await run({ query: 'coffee', pages: '2' });
    for (const p of posts) {
      expect(p.post_id).toMatch(/^at:\/\/did:plc:[a-z2-7]{24}\/[\w.]+\/[a-z2-7]{13}$/);
      expect(p.url.endsWith(p.post_id.split('/').pop()!)).toBe(true);
      expect(p.image_url === '').toBe(p.media_type === 'text');
      expect(p.snippet).toContain('coffee');
      for (const tag of p.hashtags) expect(p.snippet).toContain(`#${tag}`);
    }
  });

  it('keeps count, pages and the billed pages consistent, and runs out early for some queries', async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => run({ query: `topic ${i}`, pages: '4' })));
    for (const o of outcomes) {
      expect(o.body.count).toBe(o.posts.length);
      expect(o.body.pages).toBe(Math.max(1, Math.ceil(o.posts.length / 50)));
      expect(o.pagesReturned).toBe(o.body.pages);
    }
    expect(outcomes.some((o) => o.posts.length === 200)).toBe(true);
    expect(outcomes.some((o) => o.posts.length < 150)).toBe(true);
  });

  it('extends the same list when more pages are asked for', async () => {
    const one = await run({ query: 'garden', sort_by: 'relevance' });
    const three = await run({ query: 'garden', sort_by: 'relevance', pages: '3' });
    expect(three.posts.slice(0, one.posts.length)).toEqual(one.posts);
  });

  it('leaves sentiment for the gateway to fill', async () => {
    const { posts } = await run({ query: 'a', get_sentiment: 'true' });
    for (const p of posts) expect('sentiment' in p).toBe(false);
  });
});
