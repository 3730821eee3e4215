import { describe, expect, it } from 'vitest';
import { politicnetSandbox } from '../../providers/sandbox/politicnet';
import { contractTests, familyKit } from './support/family-kit';
import { politicnetEndpoints } from '../politicnet';

const kit = familyKit(politicnetEndpoints, politicnetSandbox);
const def = politicnetEndpoints[0]!;
type Post = {
  date: string;
  url: string;
  author: string;
  post_id: string;
  snippet: string;
  content_html: string;
  is_reply: boolean;
  in_reply_to_id: string;
};

async function run(query: Record<string, string>) {
  const result = await kit.run(def.path, query);
  return { ...result, posts: result.body.posts as Post[] };
}

const rejection = (query: Readonly<Record<string, string | undefined>>) => kit.rejection(def.path, query);

describe('GET /v1/politicnet/user/posts contract', () => {
  contractTests(def, politicnetSandbox);

  it('rejects a body whose post lacks a field or carries an extra one', async () => {
    const { body } = await run({ username: 'civic_watch' });
    const missing = structuredClone(body) as { posts: Record<string, unknown>[] };
    delete missing.posts[0]!.visibility;
    expect(def.response.safeParse(missing).success).toBe(false);
    const extra = structuredClone(body) as { posts: Record<string, unknown>[] };
    extra.posts[0]!.views = 10;
    expect(def.response.safeParse(extra).success).toBe(false);
  });

  it('is billed per page at $0.006 and does not bill not_found', () => {
    expect(def).toMatchObject({
      priceMicros: 6000,
      billingUnit: 'page',
      pageSize: 20,
      paging: { param: 'pages', max: 20 },
      billedErrors: {},
    });
  });
});

describe('GET /v1/politicnet/user/posts parameters', () => {
  it.each<[string, Record<string, string>, string, string]>([
    [
      'rejects a request without username with missing_parameter',
      { pages: '2' },
      'missing_parameter',
      "Missing parameter 'username'",
    ],
    [
      'rejects a username over 100 characters',
      { username: 'x'.repeat(101) },
      'invalid_parameter',
      "Invalid parameter 'username': must be at most 100 characters",
    ],
    [
      'rejects pages above 20 with invalid_parameter',
      { username: 'a', pages: '21' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 20",
    ],
    [
      'rejects pages of 0 with invalid_parameter',
      { username: 'a', pages: '0' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 20",
    ],
    [
      'rejects get_sentiment other than true or false',
      { username: 'a', get_sentiment: 'yes' },
      'invalid_parameter',
      "Invalid parameter 'get_sentiment': must be true or false",
    ],
    ['rejects an unknown parameter', { username: 'a', query: 'tax' }, 'invalid_parameter', "Unknown parameter 'query'"],
  ])('%s', (_name, query, code, error) => {
    expect(rejection(query)).toEqual({ code, error });
  });

  it('accepts a username with a leading @ and removes it', () => {
    expect(def.params.parse({ username: '@civic_watch' })).toEqual({
      username: 'civic_watch',
      pages: 1,
      get_sentiment: false,
    });
  });
});

describe('GET /v1/politicnet/user/posts sandbox', () => {
  it.each([
    ['sandbox_not_found', 'not_found'],
    ['@sandbox_not_found', 'not_found'],
    ['sandbox_rate_limited', 'upstream_rate_limit'],
    ['sandbox_timeout', 'upstream_timeout'],
  ])('answers username=%s with %s', async (username, code) => {
    await expect(run({ username })).rejects.toMatchObject({ name: 'ProviderError', code });
  });

  it("returns the user's posts newest first, with numeric IDs in the post URLs", async () => {
    const { posts, body } = await run({ username: '@civic_watch', pages: '3' });
    expect(body.username).toBe('civic_watch');
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const p of posts) {
      expect(p.author).toBe('civic_watch');
      expect(p.post_id).toMatch(/^\d{18}$/);
      expect(p.url).toBe(`https://politicnet.example/@civic_watch/${p.post_id}`);
      expect(p.content_html).toContain(p.snippet);
      expect(p.in_reply_to_id === '').toBe(!p.is_reply);
    }
  });

  it('keeps count, pages and the billed pages consistent, and runs out early for some users', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => run({ username: `member${i}`, pages: '5' })),
    );
    for (const o of outcomes) {
      expect(o.body.count).toBe(o.posts.length);
      expect(o.body.pages).toBe(Math.max(1, Math.ceil(o.posts.length / 20)));
      expect(o.pagesReturned).toBe(o.body.pages);
    }
    expect(outcomes.some((o) => o.posts.length === 100)).toBe(true);
    expect(outcomes.some((o) => o.posts.length < 80)).toBe(true);
  });

  it('leaves sentiment for the gateway to fill', async () => {
    const { posts } = await run({ username: 'civic_watch', get_sentiment: 'true' });
    for (const p of posts) expect('sentiment' in p).toBe(false);
  });
});
