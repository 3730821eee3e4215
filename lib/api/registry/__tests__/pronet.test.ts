import { describe, expect, it } from 'vitest';
import { resolveSources } from '../../providers/sources';
import { pronetSandbox } from '../../providers/sandbox/pronet';
import { pronetEndpoints } from '../pronet';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(pronetEndpoints, pronetSandbox);
const def = pronetEndpoints[0]!;
type Post = { post_id: string; author_type: string; author_headline: string; snippet: string };

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, posts: result.body.posts as Post[] };
}

describe('GET /v1/pronet/posts contract', () => {
  contractTests(def, pronetSandbox);

  it('is billed per request at $0.006, page 1 to 25', () => {
    expect(def).toMatchObject({
      priceMicros: 6000,
      billingUnit: 'request',
      paging: { param: 'page', max: 25 },
      sentimentTarget: { list: 'posts', text: 'snippet' },
    });
  });
});

describe('GET /v1/pronet/posts parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    ['rejects a search without query', { page: '2' }, 'missing_parameter', "Missing parameter 'query'"],
    [
      'rejects page 26',
      { query: 'a', page: '26' },
      'invalid_parameter',
      "Invalid parameter 'page': must be an integer from 1 to 25",
    ],
    [
      'rejects pages (the endpoint pages by page)',
      { query: 'a', pages: '2' },
      'invalid_parameter',
      "Unknown parameter 'pages'",
    ],
  ])('%s', (_name, query, code, error) => {
    expect(kit.rejection(def.path, query)).toEqual({ code, error });
  });
});

describe('GET /v1/pronet/posts sandbox', () => {
  it('answers query=sandbox_upstream_error with upstream_error', async () => {
    await expect(run({ query: 'sandbox_upstream_error' })).rejects.toMatchObject({ code: 'upstream_error' });
  });

  it('serves 10 posts a page, each page a different slice, has_next_page false on the last one', async () => {
    const one = await run({ query: 'hiring' });
    const two = await run({ query: 'hiring', page: '2' });
    expect(one.posts).toHaveLength(10);
    expect(one.body).toMatchObject({ page: 1, query: 'hiring', count: 10, has_next_page: true });
    expect(two.posts.map((p) => p.post_id)).not.toContain(one.posts[0]!.post_id);
    const last = await run({ query: 'hiring', page: '25' });
    expect(last.body.has_next_page).toBe(false);
    for (const p of one.posts) expect(p.author_headline === '').toBe(p.author_type === 'company');
  });
});

describe('GET /v1/pronet/posts source', () => {
  it('stays on the sandbox with DATA_SOURCE=live, and says why (no public API)', () => {
    expect(resolveSources({ DATA_SOURCE: 'live' }).pronet).toMatchObject({
      source: 'sandbox',
      notLiveReason: expect.stringContaining('no public API'),
    });
  });

  it('goes to the operator upstream when one is set', () => {
    const sources = resolveSources({ DATA_SOURCE: 'live', UPSTREAM_PRONET_URL: 'http://127.0.0.1:9' });
    expect(sources.pronet).toMatchObject({ source: 'upstream' });
  });
});
