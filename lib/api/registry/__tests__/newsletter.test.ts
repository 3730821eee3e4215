import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import { newsletterSandbox } from '@/lib/api/providers/sandbox/newsletter';
import {
  newsletterEndpoints,
  newsletterNoteSchema,
  newsletterPostItemSchema,
  newsletterPublicationSchema,
  newsletterUserSchema,
} from '../newsletter';
import { toParameterError } from '../params';
import { ProviderError } from '../types';

type Path = (typeof newsletterEndpoints)[number]['path'];
const def = (path: Path) => newsletterEndpoints.find((e) => e.path === path)!;

/** Parses raw query values as the gateway does and runs the sandbox. */
async function call(path: Path, raw: Partial<Record<string, string>>) {
  return handlerAt(newsletterSandbox, path)!(def(path).params.parse(raw));
}

/** Every field the schema lists is present (sentiment is the gateway's). */
function expectAllFields(record: object, shape: Record<string, unknown>) {
  const expected = Object.keys(shape)
    .filter((k) => k !== 'sentiment')
    .sort();
  expect(Object.keys(record).sort()).toEqual(expected);
}

function paramError(path: Path, raw: Record<string, string>) {
  const result = def(path).params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

describe('newsletter registry', () => {
  it('defines users, notes, category/feed and publication with the spec prices and billing units', () => {
    expect(newsletterEndpoints.map((e) => [e.path, e.priceMicros, e.billingUnit, e.paging?.max])).toEqual([
      ['/v1/newsletter/users', 3000, 'request', 4],
      ['/v1/newsletter/notes', 3000, 'page', 250],
      ['/v1/newsletter/category/feed', 3000, 'page', 250],
      ['/v1/newsletter/publication', 3000, 'request', undefined],
    ]);
    expect(def('/v1/newsletter/notes').sentimentTarget).toEqual({ list: 'notes', text: 'body' });
    expect(newsletterEndpoints.filter((e) => e.sentiment).map((e) => e.path)).toEqual(['/v1/newsletter/notes']);
  });

  it.each(newsletterEndpoints.map((e) => [e.path, e] as const))(
    '%s: the example parses and its sandbox body validates',
    async (_path, endpoint) => {
      expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
      const { body } = await call(endpoint.path, endpoint.example);
      expect(endpoint.response.safeParse(body).success).toBe(true);
    },
  );

  it.each(newsletterEndpoints.map((e) => [e.path, e] as const))(
    '%s: the same params give the same body',
    async (_path, endpoint) => {
      expect(await call(endpoint.path, endpoint.example)).toEqual(await call(endpoint.path, endpoint.example));
    },
  );

  it('fills every user field and ends after about 75 profiles with a partial page 4', async () => {
    let partialFound = false;
    for (let q = 0; q < 20 && !partialFound; q++) {
      const query = `newsletter writers ${q}`;
      const page4 = (await call('/v1/newsletter/users', { query, page: '4' })).body;
      if (page4.count === 0) continue;
      const page1 = (await call('/v1/newsletter/users', { query, page: '1' })).body;
      expect(page1.count).toBe(20);
      expect(page1.has_next_page).toBe(true);
      expect(page4.count).toBeGreaterThanOrEqual(10);
      expect(page4.count).toBeLessThan(20);
      expect(page4.has_next_page).toBe(false);
      for (const user of page1.users as object[]) {
        expect(newsletterUserSchema.safeParse(user).success).toBe(true);
        expectAllFields(user, newsletterUserSchema.shape);
      }
      partialFound = true;
    }
    expect(partialFound).toBe(true);
  });

  it('returns notes with every field, no sentiment, and pages and count that agree', async () => {
    const { body, pagesReturned } = await call('/v1/newsletter/notes', { query: 'poetry', pages: '3' });
    const notes = body.notes as { date: string }[];
    expect(body.count).toBe(notes.length);
    expect(body.pages).toBe(pagesReturned);
    expect(notes.length).toBeLessThanOrEqual(pagesReturned * 12);
    for (const note of notes) {
      expectAllFields(note, newsletterNoteSchema.shape);
      expect(note).not.toHaveProperty('sentiment');
    }
    const recent = (await call('/v1/newsletter/notes', { query: 'poetry', pages: '3', sort_by: 'most_recent' })).body
      .notes as { date: string }[];
    expect(recent.map((n) => n.date)).toEqual([...recent.map((n) => n.date)].sort().reverse());
  });

  it('runs out before the last requested page for some notes queries and bills only pages returned', async () => {
    const short = [];
    for (let q = 0; q < 30; q++) {
      const { body, pagesReturned } = await call('/v1/newsletter/notes', { query: `topic ${q}`, pages: '10' });
      expect(body.pages).toBe(pagesReturned);
      if (pagesReturned < 10) short.push(q);
    }
    expect(short.length).toBeGreaterThan(0);
  });

  it('mixes notes and posts in the category feed and leaves notes out with sort_by posts', async () => {
    const mixed = (await call('/v1/newsletter/category/feed', { category: 'technology', pages: '3' })).body;
    const items = mixed.items as { type: string }[];
    expect(mixed.category).toEqual({ category_id: 4, name: 'Technology' });
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['note', 'post']));
    for (const item of items) {
      if (item.type === 'post') expectAllFields(item, newsletterPostItemSchema.shape);
      else expectAllFields(item, { ...newsletterNoteSchema.shape, type: true });
    }
    const posts = (await call('/v1/newsletter/category/feed', { category: '4', sort_by: 'posts' })).body;
    expect((posts.items as { type: string }[]).every((i) => i.type === 'post')).toBe(true);
    expect(posts.category).toEqual({ category_id: 4, name: 'Technology' });
  });

  it('resolves a publication by custom domain URL or by numeric ID with every field present', async () => {
    const byUrl = (await call('/v1/newsletter/publication', { publication: 'https://www.example-letters.com/p/hello' }))
      .body;
    const pub = newsletterPublicationSchema.parse(byUrl.publication);
    expectAllFields(pub, newsletterPublicationSchema.shape);
    expect(pub.custom_domain).toBe('example-letters.com');
    expect(pub.url).toBe('https://example-letters.com');
    const byId = newsletterPublicationSchema.parse(
      (await call('/v1/newsletter/publication', { publication_id: '123456' })).body.publication,
    );
    expect(byId.publication_id).toBe('123456');
  });
});

describe('newsletter parameter errors', () => {
  const cases: [string, Path, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects users without query as missing_parameter',
      '/v1/newsletter/users',
      {},
      { code: 'missing_parameter', error: "Missing parameter 'query'" },
    ],
    [
      'rejects users page 5 as invalid_parameter',
      '/v1/newsletter/users',
      { query: 'a', page: '5' },
      { code: 'invalid_parameter', error: "Invalid parameter 'page': must be an integer from 1 to 4" },
    ],
    [
      'rejects a 501-character query as invalid_parameter',
      '/v1/newsletter/users',
      { query: 'q'.repeat(501) },
      { code: 'invalid_parameter', error: "Invalid parameter 'query': must be at most 500 characters" },
    ],
    [
      'rejects notes sort_by oldest as invalid_parameter',
      '/v1/newsletter/notes',
      { query: 'a', sort_by: 'oldest' },
      { code: 'invalid_parameter', error: "Invalid parameter 'sort_by': must be one of: most_recent, top" },
    ],
    [
      'rejects notes pages 251 as invalid_parameter',
      '/v1/newsletter/notes',
      { query: 'a', pages: '251' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 250" },
    ],
    [
      'rejects notes get_sentiment yes as invalid_parameter',
      '/v1/newsletter/notes',
      { query: 'a', get_sentiment: 'yes' },
      { code: 'invalid_parameter', error: "Invalid parameter 'get_sentiment': must be true or false" },
    ],
    [
      'rejects a notes date filter as an unknown parameter',
      '/v1/newsletter/notes',
      { query: 'a', start_date: '2026-01-01' },
      { code: 'invalid_parameter', error: "Unknown parameter 'start_date'" },
    ],
    [
      'rejects category feed without category as missing_parameter',
      '/v1/newsletter/category/feed',
      {},
      { code: 'missing_parameter', error: "Missing parameter 'category'" },
    ],
    [
      'rejects a 201-character category as invalid_parameter',
      '/v1/newsletter/category/feed',
      { category: 'c'.repeat(201) },
      { code: 'invalid_parameter', error: "Invalid parameter 'category': must be at most 200 characters" },
    ],
    [
      'rejects category feed sort_by hot as invalid_parameter',
      '/v1/newsletter/category/feed',
      { category: 'technology', sort_by: 'hot' },
      { code: 'invalid_parameter', error: "Invalid parameter 'sort_by': must be one of: top, most_recent, posts" },
    ],
    [
      'rejects get_sentiment on the category feed as an unknown parameter',
      '/v1/newsletter/category/feed',
      { category: 'technology', get_sentiment: 'true' },
      { code: 'invalid_parameter', error: "Unknown parameter 'get_sentiment'" },
    ],
    [
      'rejects publication with neither identifier as missing_parameter',
      '/v1/newsletter/publication',
      {},
      { code: 'missing_parameter', error: "Missing parameter: provide 'publication' or 'publication_id'" },
    ],
    [
      'rejects a non-numeric publication_id as invalid_parameter',
      '/v1/newsletter/publication',
      { publication_id: 'abc' },
      { code: 'invalid_parameter', error: "Invalid parameter 'publication_id': must be a numeric publication ID" },
    ],
    [
      'rejects a 501-character publication as invalid_parameter',
      '/v1/newsletter/publication',
      { publication: 'p'.repeat(501) },
      { code: 'invalid_parameter', error: "Invalid parameter 'publication': must be at most 500 characters" },
    ],
  ];
  it.each(cases)('%s', (_name, path, raw, expected) => {
    expect(paramError(path, raw)).toEqual(expected);
  });

  it('accepts publication and publication_id together', () => {
    expect(def('/v1/newsletter/publication').params.safeParse({ publication: 'x', publication_id: '1' }).success).toBe(
      true,
    );
  });
});

describe('newsletter sandbox errors', () => {
  it.each(newsletterEndpoints.map((e) => e.path))(
    '%s answers sandbox_rate_limited with upstream_rate_limit',
    async (path) => {
      const raw: Record<string, string> =
        path === '/v1/newsletter/category/feed'
          ? { category: 'sandbox_rate_limited' }
          : path === '/v1/newsletter/publication'
            ? { publication: 'sandbox_rate_limited' }
            : { query: 'sandbox_rate_limited' };
      await expect(call(path, raw)).rejects.toSatisfy(
        (e) => e instanceof ProviderError && e.code === 'upstream_rate_limit',
      );
    },
  );
});
