import { describe, expect, it } from 'vitest';
import { xnetSandbox } from '../../providers/sandbox/xnet';
import { xnetEndpoints } from '../xnet';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(xnetEndpoints, xnetSandbox);
const def = xnetEndpoints[0]!;
type Post = { date: string; snippet: string; post_id: string; url: string; author: string; hashtags: string[] };

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, posts: result.body.posts as Post[] };
}

describe('GET /v1/xnet/posts contract', () => {
  contractTests(def, xnetSandbox);

  it('is billed per page of 20 at $0.006, up to 10 pages, with sentiment on the post text', () => {
    expect(def).toMatchObject({
      priceMicros: 6000,
      billingUnit: 'page',
      pageSize: 20,
      paging: { param: 'pages', max: 10 },
      sentimentTarget: { list: 'posts', text: 'snippet' },
      billedErrors: {},
    });
  });
});

describe('GET /v1/xnet/posts parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['rejects a search without query', { pages: '2' }, 'missing_parameter', "Missing parameter 'query'"],
    [
      'rejects pages above 10',
      { query: 'a', pages: '11' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 10",
    ],
    [
      'rejects an unknown sort_by',
      { query: 'a', sort_by: 'top' },
      'invalid_parameter',
      "Invalid parameter 'sort_by': must be one of: most_recent, relevance",
    ],
    ['rejects an unknown parameter', { query: 'a', page: '2' }, 'invalid_parameter', "Unknown parameter 'page'"],
  ])('%s', (_name, query, code, error) => {
    expect(kit.rejection(def.path, query)).toEqual({ code, error });
  });
});

describe('GET /v1/xnet/posts sandbox', () => {
  it('answers query=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(run({ query: 'sandbox_rate_limited' })).rejects.toMatchObject({ code: 'upstream_rate_limit' });
  });

  it('gives newest-first posts of the last seven days whose URL ends in the numeric post id', async () => {
    const { posts } = await run({ query: 'transit lang:en -is:retweet', pages: '3' });
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of posts) {
      expect(p.date >= '2026-10-25 00:00:00').toBe(true);
      expect(p.post_id).toMatch(/^\d{18,19}$/);
      expect(p.url).toBe(`https://xnet.example/${p.author}/status/${p.post_id}`);
      expect(p.snippet).toContain('transit');
      expect(p.snippet).not.toContain('lang:en');
      for (const tag of p.hashtags) expect(p.snippet).toContain(`#${tag}`);
    }
  });

  it('keeps count, pages and the billed pages consistent and extends the same list for more pages', async () => {
    const one = await run({ query: 'garden' });
    const three = await run({ query: 'garden', pages: '3' });
    expect(three.posts.slice(0, one.posts.length)).toEqual(one.posts);
    for (const o of [one, three]) {
      expect(o.body.count).toBe(o.posts.length);
      expect(o.pagesReturned).toBe(Math.max(1, Math.ceil(o.posts.length / 20)));
    }
  });
});
