import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import { formatDate } from '@/lib/api/providers/sandbox/random';
import { socialnetSandbox } from '@/lib/api/providers/sandbox/socialnet';
import { toParameterError } from '../params';
import {
  socialnetEndpoints,
  socialnetGroupPostSchema,
  socialnetGroupSchema,
  socialnetLocationSchema,
  socialnetPageVideoSchema,
  type SocialnetGroupPost,
  type SocialnetPageVideo,
} from '../socialnet';
import { ProviderError } from '../types';

type Path = (typeof socialnetEndpoints)[number]['path'];
const def = (path: Path) => socialnetEndpoints.find((e) => e.path === path)!;

async function call(path: Path, raw: Partial<Record<string, string>>) {
  return handlerAt(socialnetSandbox, path)!(def(path).params.parse(raw));
}

function paramError(path: Path, raw: Record<string, string>) {
  const result = def(path).params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

const fieldsOf = (shape: Record<string, unknown>) =>
  Object.keys(shape)
    .filter((k) => k !== 'sentiment')
    .sort();

describe('socialnet registry', () => {
  it('prices locations at $0.004 per request and group, page videos and group search at $0.008', () => {
    expect(socialnetEndpoints.map((e) => [e.path, e.priceMicros, e.billingUnit, e.paging?.max])).toEqual([
      ['/v1/socialnet/locations', 4000, 'request', undefined],
      ['/v1/socialnet/group', 8000, 'request', undefined],
      ['/v1/socialnet/page/videos', 8000, 'page', 15],
      ['/v1/socialnet/group/search', 8000, 'page', 10],
    ]);
    expect(def('/v1/socialnet/group/search').sentimentTarget).toEqual({ list: 'posts', text: 'message' });
    expect(def('/v1/socialnet/page/videos').sentimentTarget).toEqual({ list: 'videos', text: 'description' });
    expect(def('/v1/socialnet/group/search').description).toMatch(/temporarily unavailable/);
  });

  it.each(socialnetEndpoints.map((e) => [e.path, e] as const))(
    '%s: the example parses, validates and is deterministic',
    async (_p, endpoint) => {
      expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
      const first = await call(endpoint.path, endpoint.example);
      expect(endpoint.response.safeParse(first.body).success).toBe(true);
      expect(await call(endpoint.path, endpoint.example)).toEqual(first);
    },
  );
});

describe('socialnet sandbox', () => {
  it('returns locations with an id, label and IANA timezone, and count equal to results', async () => {
    const { body } = await call('/v1/socialnet/locations', { query: 'Springfield' });
    const results = body.results as object[];
    expect(body.count).toBe(results.length);
    for (const r of results) {
      expect(Object.keys(r).sort()).toEqual(fieldsOf(socialnetLocationSchema.shape));
      expect(socialnetLocationSchema.parse(r).timezone).toMatch(/^[A-Z][a-z]+\/[A-Za-z_]+$/);
    }
  });

  it('returns a public group with every field and a private group with basic details only', async () => {
    const pub = socialnetGroupSchema.parse(
      (await call('/v1/socialnet/group', { url: 'https://socialnet.example/groups/urbangardeners' })).body.group,
    );
    expect(Object.keys(pub).sort()).toEqual(fieldsOf(socialnetGroupSchema.shape));
    const priv = socialnetGroupSchema.parse(
      (await call('/v1/socialnet/group', { url: 'https://socialnet.example/groups/sandbox_private' })).body.group,
    );
    expect(priv).toMatchObject({ privacy: 'Private', description: '', location: '', cover_photo: '' });
  });

  it('returns page videos newest first with timestamps matching dates', async () => {
    const { body, pagesReturned } = await call('/v1/socialnet/page/videos', {
      delegate_page_id: '100064860875397',
      pages: '3',
    });
    const videos = body.videos as SocialnetPageVideo[];
    expect(body).toMatchObject({ pages: pagesReturned, count: videos.length });
    for (const v of videos) {
      expect(Object.keys(v).sort()).toEqual(fieldsOf(socialnetPageVideoSchema.shape));
      expect(v.date).toBe(formatDate(v.timestamp));
    }
    const stamps = videos.map((v) => v.timestamp);
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('runs out before the last requested page for some pages and bills only pages returned', async () => {
    let short = 0;
    for (let i = 0; i < 30; i++) {
      const { body, pagesReturned } = await call('/v1/socialnet/page/videos', {
        delegate_page_id: `1000${i}`,
        pages: '6',
      });
      expect(body.pages).toBe(pagesReturned);
      expect(body.count).toBeGreaterThan((pagesReturned - 1) * 10);
      if (pagesReturned < 6) short++;
    }
    expect(short).toBeGreaterThan(0);
  });

  it('keeps group search posts inside the date range, with reactions adding up', async () => {
    const { body, pagesReturned } = await call('/v1/socialnet/group/search', {
      group_id: '123456789',
      start_date: '2026-09-01',
      end_date: '2026-09-30',
      pages: '2',
    });
    const posts = body.posts as SocialnetGroupPost[];
    expect(body).toMatchObject({ pages: pagesReturned, count: posts.length });
    for (const p of posts) {
      expect(Object.keys(p).sort()).toEqual(fieldsOf(socialnetGroupPostSchema.shape));
      expect(p.date >= '2026-09-01 00:00:00' && p.date <= '2026-09-30 23:59:59').toBe(true);
      expect(p.date).toBe(formatDate(p.timestamp));
      expect(p.url).toContain('/groups/123456789/posts/');
      const r = p.reactions;
      expect(p.reactions_count).toBe(r.like + r.love + r.wow + r.haha + r.sad + r.angry);
    }
  });

  it('runs out before the last requested group-search page for some queries', async () => {
    let short = 0;
    for (let i = 0; i < 30; i++) {
      const { body, pagesReturned } = await call('/v1/socialnet/group/search', { query: `bikes ${i}`, pages: '5' });
      expect(body.pages).toBe(pagesReturned);
      if (pagesReturned < 5) short++;
    }
    expect(short).toBeGreaterThan(0);
  });

  it('returns no posts and zero pages for a window after the sandbox date', async () => {
    const { body, pagesReturned } = await call('/v1/socialnet/group/search', { query: 'x', start_date: '2030-01-01' });
    expect(body).toEqual({ posts: [], count: 0, pages: 0 });
    expect(pagesReturned).toBe(0);
  });

  it.each([
    ['/v1/socialnet/locations', { query: 'sandbox_rate_limited' }],
    ['/v1/socialnet/group', { url: 'https://socialnet.example/groups/sandbox_rate_limited' }],
    ['/v1/socialnet/page/videos', { delegate_page_id: 'sandbox_rate_limited' }],
    ['/v1/socialnet/group/search', { query: 'sandbox_rate_limited' }],
  ] as [Path, Record<string, string>][])(
    '%s answers a sandbox_rate_limited input with upstream_rate_limit',
    async (path, raw) => {
      await expect(call(path, raw)).rejects.toSatisfy(
        (e) => e instanceof ProviderError && e.code === 'upstream_rate_limit',
      );
    },
  );
});

describe('socialnet parameter errors', () => {
  const cases: [string, Path, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects locations without query as missing_parameter',
      '/v1/socialnet/locations',
      {},
      { code: 'missing_parameter', error: "Missing parameter 'query'" },
    ],
    [
      'rejects a 501-character location query as invalid_parameter',
      '/v1/socialnet/locations',
      { query: 'l'.repeat(501) },
      { code: 'invalid_parameter', error: "Invalid parameter 'query': must be at most 500 characters" },
    ],
    [
      'rejects group without url as missing_parameter',
      '/v1/socialnet/group',
      {},
      { code: 'missing_parameter', error: "Missing parameter 'url'" },
    ],
    [
      'rejects a page URL as a group url with invalid_parameter',
      '/v1/socialnet/group',
      { url: 'https://socialnet.example/somepage' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'url': must be a group URL containing /groups/<id or name>",
      },
    ],
    [
      'rejects page videos without delegate_page_id as missing_parameter',
      '/v1/socialnet/page/videos',
      { pages: '2' },
      { code: 'missing_parameter', error: "Missing parameter 'delegate_page_id'" },
    ],
    [
      'rejects page videos pages 16 as invalid_parameter',
      '/v1/socialnet/page/videos',
      { delegate_page_id: '1', pages: '16' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 15" },
    ],
    [
      'rejects get_sentiment on page videos as an unknown parameter',
      '/v1/socialnet/page/videos',
      { delegate_page_id: '1', get_sentiment: 'true' },
      { code: 'invalid_parameter', error: "Unknown parameter 'get_sentiment'" },
    ],
    [
      'rejects group search with neither query nor group_id as missing_parameter',
      '/v1/socialnet/group/search',
      { start_date: '2026-01-01' },
      { code: 'missing_parameter', error: "Missing parameter: provide 'query' or 'group_id'" },
    ],
    [
      'rejects group search pages 11 as invalid_parameter',
      '/v1/socialnet/group/search',
      { query: 'a', pages: '11' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 10" },
    ],
    [
      'rejects a start_date in another format as invalid_parameter',
      '/v1/socialnet/group/search',
      { query: 'a', start_date: '01/02/2026' },
      {
        code: 'invalid_parameter',
        // params.date() runs its calendar check even after the format check fails, so both rules are named.
        error: "Invalid parameter 'start_date': must be a date in the form YYYY-MM-DD",
      },
    ],
    [
      'rejects an impossible end_date as invalid_parameter',
      '/v1/socialnet/group/search',
      { query: 'a', end_date: '2026-02-30' },
      { code: 'invalid_parameter', error: "Invalid parameter 'end_date': must be a real calendar date YYYY-MM-DD" },
    ],
    [
      'rejects end_date before start_date as invalid_parameter',
      '/v1/socialnet/group/search',
      { query: 'a', start_date: '2026-05-02', end_date: '2026-05-01' },
      { code: 'invalid_parameter', error: "Invalid parameter 'end_date': must not be before start_date" },
    ],
    [
      'rejects a 101-character group_id as invalid_parameter',
      '/v1/socialnet/group/search',
      { group_id: '1'.repeat(101) },
      { code: 'invalid_parameter', error: "Invalid parameter 'group_id': must be at most 100 characters" },
    ],
  ];
  it.each(cases)('%s', (_name, path, raw, expected) => {
    expect(paramError(path, raw)).toEqual(expected);
  });

  it('accepts group search by group_id alone, by query alone, and with a one-day range', () => {
    const search = def('/v1/socialnet/group/search').params;
    expect(search.safeParse({ group_id: '1' }).success).toBe(true);
    expect(search.safeParse({ query: 'a' }).success).toBe(true);
    expect(search.safeParse({ query: 'a', start_date: '2026-05-01', end_date: '2026-05-01' }).success).toBe(true);
  });
});
