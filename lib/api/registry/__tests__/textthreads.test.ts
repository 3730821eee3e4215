import { describe, expect, it } from 'vitest';
import { textthreadsSandbox } from '@/lib/api/providers/sandbox/textthreads';
import { toParameterError } from '../params';
import { textthreadsEndpoints, textthreadsPostSchema, type TextthreadsPost } from '../textthreads';
import { ProviderError } from '../types';

const PATH = '/v1/textthreads/user/posts';
const endpoint = textthreadsEndpoints[0]!;

async function call(raw: Partial<Record<string, string>>) {
  return textthreadsSandbox[PATH](endpoint.params.parse(raw));
}

function paramError(raw: Record<string, string>) {
  const result = endpoint.params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

const isCode = (code: string) => (e: unknown) => e instanceof ProviderError && e.code === code;

describe('textthreads user posts registry', () => {
  it('bills $0.006 per page, up to 60 pages of about 35, and bills not_found as one request', () => {
    expect(endpoint).toMatchObject({
      path: PATH,
      priceMicros: 6000,
      billingUnit: 'page',
      pageSize: 35,
      paging: { param: 'pages', max: 60 },
      concurrency: 10,
      sentiment: false,
      sentimentTarget: { list: 'posts', text: 'snippet' },
    });
    expect(endpoint.billedErrors).toEqual({ not_found: 1 });
  });

  it('removes a leading @ from the username', () => {
    expect(endpoint.params.parse({ username: '@nasa' })).toEqual({ username: 'nasa', pages: 1 });
  });
});

describe('textthreads user posts sandbox', () => {
  it('parses the example and returns schema-valid posts with every field, the same each time', async () => {
    expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
    const first = await call(endpoint.example);
    expect(endpoint.response.safeParse(first.body).success).toBe(true);
    expect(await call(endpoint.example)).toEqual(first);
    const posts = first.body.posts as TextthreadsPost[];
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(
        Object.keys(textthreadsPostSchema.shape)
          .filter((k) => k !== 'sentiment')
          .sort(),
      );
      expect(post.author).toBe('nasa');
      expect(post.url).toBe(`https://www.textthreads.example/@nasa/post/${post.code}`);
      if (post.media_type !== 'carousel') expect(post.carousel_media).toEqual([]);
    }
  });

  it('returns posts newest first with about 35 per page and pages equal to pages returned', async () => {
    const { body, pagesReturned } = await call({ username: 'nasa', pages: '3' });
    const posts = body.posts as TextthreadsPost[];
    expect(body).toMatchObject({ pages: pagesReturned, count: posts.length });
    expect(posts.length).toBeLessThanOrEqual(pagesReturned * 35);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('runs out before the last requested page for some users', async () => {
    let short = 0;
    for (let i = 0; i < 30; i++) {
      const { body, pagesReturned } = await call({ username: `writer${i}`, pages: '4' });
      expect(body.pages).toBe(pagesReturned);
      if (pagesReturned < 4) short++;
    }
    expect(short).toBeGreaterThan(0);
  });

  it.each(['sandbox_not_found', '@sandbox_not_found'])('answers username=%s with not_found', async (username) => {
    await expect(call({ username, pages: '5' })).rejects.toSatisfy(isCode('not_found'));
  });

  it('answers username=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(call({ username: 'sandbox_rate_limited' })).rejects.toSatisfy(isCode('upstream_rate_limit'));
  });
});

describe('textthreads user posts parameter errors', () => {
  const cases: [string, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects a call without username as missing_parameter',
      { pages: '2' },
      { code: 'missing_parameter', error: "Missing parameter 'username'" },
    ],
    [
      'rejects a 101-character username as invalid_parameter',
      { username: 'u'.repeat(101) },
      { code: 'invalid_parameter', error: "Invalid parameter 'username': must be at most 100 characters" },
    ],
    [
      'rejects pages 61 as invalid_parameter',
      { username: 'nasa', pages: '61' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 60" },
    ],
    [
      'rejects pages 1.5 as invalid_parameter',
      { username: 'nasa', pages: '1.5' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 60" },
    ],
    [
      'rejects get_sentiment as an unknown parameter',
      { username: 'nasa', get_sentiment: 'true' },
      { code: 'invalid_parameter', error: "Unknown parameter 'get_sentiment'" },
    ],
  ];
  it.each(cases)('%s', (_name, raw, expected) => {
    expect(paramError(raw)).toEqual(expected);
  });
});
