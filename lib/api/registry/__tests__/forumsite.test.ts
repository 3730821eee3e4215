import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import { FLAIR_DELAY_MS_PER_PAGE, forumsiteSandbox } from '@/lib/api/providers/sandbox/forumsite';
import { formatDate } from '@/lib/api/providers/sandbox/random';
import { forumsiteCommunitySchema, forumsiteEndpoints, forumsitePostSchema, type ForumsitePost } from '../forumsite';
import { toParameterError } from '../params';
import { ProviderError } from '../types';

type Path = (typeof forumsiteEndpoints)[number]['path'];
const POSTS: Path = '/v1/forumsite/community/posts';
const COMMUNITY: Path = '/v1/forumsite/community';
const def = (path: Path) => forumsiteEndpoints.find((e) => e.path === path)!;

async function call(path: Path, raw: Partial<Record<string, string>>) {
  return handlerAt(forumsiteSandbox, path)!(def(path).params.parse(raw));
}

function paramError(path: Path, raw: Record<string, string>) {
  const result = def(path).params.safeParse(raw);
  if (result.success) throw new Error(`expected ${JSON.stringify(raw)} to be rejected`);
  return toParameterError(result.error, raw);
}

const isCode = (code: string) => (e: unknown) => e instanceof ProviderError && e.code === code;

describe('forumsite registry', () => {
  it('bills community posts per page at $0.003 with 25 posts per page up to 40 pages', () => {
    expect(def(POSTS)).toMatchObject({
      priceMicros: 3000,
      billingUnit: 'page',
      pageSize: 25,
      paging: { param: 'pages', max: 40 },
      concurrency: 10,
      sentiment: true,
      sentimentTarget: { list: 'posts', text: 'snippet' },
      billedErrors: {},
    });
    expect(def(COMMUNITY)).toMatchObject({
      priceMicros: 3000,
      billingUnit: 'request',
      sentiment: false,
      billedErrors: {},
    });
  });

  it.each(forumsiteEndpoints.map((e) => [e.path, e] as const))(
    '%s: the example parses, validates and is deterministic',
    async (_p, endpoint) => {
      expect(endpoint.params.safeParse(endpoint.example).success).toBe(true);
      const first = await call(endpoint.path, endpoint.example);
      expect(endpoint.response.safeParse(first.body).success).toBe(true);
      expect(await call(endpoint.path, endpoint.example)).toEqual(first);
    },
  );

  it('strips the r/ prefix from community names', () => {
    expect(def(POSTS).params.parse({ community: 'r/AskScience' })).toMatchObject({ community: 'AskScience' });
    expect(def(COMMUNITY).params.parse({ community: '/r/AskScience' })).toMatchObject({ community: 'AskScience' });
  });

  it('leaves posted_ago unset when omitted so that the provider applies 24h', () => {
    expect(def(POSTS).params.parse({ community: 'a_b', sort_by: 'top' })).not.toHaveProperty('posted_ago');
  });
});

describe('forumsite community posts sandbox', () => {
  it('returns 25 posts per page with every field, base-36 IDs and matching dates', async () => {
    const { body, pagesReturned } = await call(POSTS, { community: 'AskScience', sort_by: 'most_recent', pages: '2' });
    const posts = body.posts as ForumsitePost[];
    expect(body).toMatchObject({
      community: 'AskScience',
      sort_by: 'most_recent',
      pages: pagesReturned,
      count: posts.length,
    });
    expect(posts.length).toBeGreaterThan((pagesReturned - 1) * 25);
    expect(posts.length).toBeLessThanOrEqual(pagesReturned * 25);
    for (const post of posts) {
      expect(Object.keys(post).sort()).toEqual(
        Object.keys(forumsitePostSchema.shape)
          .filter((k) => k !== 'sentiment')
          .sort(),
      );
      expect(post.post_id).toMatch(/^[0-9a-z]+$/);
      expect(post.url).toContain(`/r/AskScience/comments/${post.post_id}/`);
      expect(post.author_url === '').toBe(post.author === '[deleted]');
      if (post.link_url === '') expect(post.is_video).toBe(false);
      if (!post.is_video) expect(post.video_url).toBe('');
    }
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('fills every page with 25 posts when the community does not run out', async () => {
    let full = 0;
    for (let i = 0; i < 10; i++) {
      const { body, pagesReturned } = await call(POSTS, { community: `busy_${i}`, pages: '3' });
      expect(body.count).toBeGreaterThan((pagesReturned - 1) * 25);
      if (body.count === 75) full++;
    }
    expect(full).toBeGreaterThan(0);
  });

  it('orders top posts by falling score within the posted_ago window', async () => {
    const posts = (await call(POSTS, { community: 'science', sort_by: 'top', posted_ago: '1h' })).body
      .posts as ForumsitePost[];
    const votes = posts.map((p) => p.upvotes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const hourAgo = formatDate(1793491200 - 3600);
    expect(posts.every((p) => p.date >= hourAgo)).toBe(true);
  });

  it('runs out before the last requested page for some communities and bills only the pages returned', async () => {
    let short = 0;
    for (let i = 0; i < 30; i++) {
      const { body, pagesReturned } = await call(POSTS, { community: `community_${i}`, pages: '5' });
      expect(body.pages).toBe(pagesReturned);
      expect(body.count).toBe((body.posts as unknown[]).length);
      expect(body.count).toBeLessThanOrEqual(pagesReturned * 25);
      expect(body.count).toBeGreaterThan((pagesReturned - 1) * 25);
      if (pagesReturned < 5) short++;
    }
    expect(short).toBeGreaterThan(0);
  });

  it('builds 10 pages of 25 posts in well under 5 ms', async () => {
    const raw = { community: 'AskScience', pages: '10' };
    const params = def(POSTS).params.parse(raw);
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const start = performance.now();
      await handlerAt(forumsiteSandbox, POSTS)!({ ...params, community: `bench_${i}` });
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    expect(times[7]!).toBeLessThan(5);
  });

  it('waits about 300 ms per page when filtering by flair and tags every post with it', async () => {
    const start = performance.now();
    const { body, pagesReturned } = await call(POSTS, { community: 'AskScience', flair: 'Physics', pages: '1' });
    expect(performance.now() - start).toBeGreaterThanOrEqual(FLAIR_DELAY_MS_PER_PAGE * pagesReturned - 20);
    expect((body.posts as ForumsitePost[]).every((p) => p.flair === 'Physics')).toBe(true);
  });

  it.each([
    ['community=sandbox_not_found', { community: 'sandbox_not_found' }],
    ['a URL naming sandbox_not_found', { url: 'https://forumsite.example/r/sandbox_not_found/' }],
    ['a private community', { community: 'sandbox_private' }],
    ['a banned community', { community: 'r/sandbox_banned' }],
  ])('answers not_found for %s', async (_label, raw) => {
    await expect(call(POSTS, raw)).rejects.toSatisfy(isCode('not_found'));
  });

  it('answers community=sandbox_rate_limited with upstream_rate_limit', async () => {
    await expect(call(POSTS, { community: 'sandbox_rate_limited' })).rejects.toSatisfy(isCode('upstream_rate_limit'));
  });
});

describe('forumsite community sandbox', () => {
  it('returns every community field and the same community by name or URL', async () => {
    const byName = (await call(COMMUNITY, { community: 'AskScience' })).body;
    const community = forumsiteCommunitySchema.parse(byName.community);
    expect(Object.keys(community).sort()).toEqual(Object.keys(forumsiteCommunitySchema.shape).sort());
    expect(community).toMatchObject({
      name: 'AskScience',
      status: 'active',
      url: 'https://forumsite.example/r/AskScience/',
    });
    const byUrl = (await call(COMMUNITY, { url: 'https://forumsite.example/r/AskScience/top' })).body;
    expect(byUrl).toEqual(byName);
  });

  it('still describes a banned community with its public data and null counts', async () => {
    const community = forumsiteCommunitySchema.parse(
      (await call(COMMUNITY, { community: 'sandbox_banned' })).body.community,
    );
    expect(community).toMatchObject({ status: 'banned', subscribers: null, weekly_active_users: null });
    expect(community.created_at).toMatch(/^\d{4}-/);
  });

  it('answers community=sandbox_not_found with not_found', async () => {
    await expect(call(COMMUNITY, { community: 'sandbox_not_found' })).rejects.toSatisfy(isCode('not_found'));
  });
});

describe('forumsite parameter errors', () => {
  const exactlyOne = "provide exactly one of 'community' or 'url'";
  const cases: [string, Path, Record<string, string>, { code: string; error: string }][] = [
    [
      'rejects posts without community or url as missing_parameter',
      POSTS,
      {},
      { code: 'missing_parameter', error: `Missing parameter: ${exactlyOne}` },
    ],
    [
      'rejects posts with both community and url as invalid_parameter',
      POSTS,
      { community: 'a_b', url: 'https://forumsite.example/r/a_b' },
      { code: 'invalid_parameter', error: `Invalid parameters: ${exactlyOne}, not 2` },
    ],
    [
      'rejects posted_ago with sort_by hot as invalid_parameter',
      POSTS,
      { community: 'a_b', sort_by: 'hot', posted_ago: '7d' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'posted_ago': only valid with sort_by top or controversial",
      },
    ],
    [
      'rejects posted_ago with the default sort as invalid_parameter',
      POSTS,
      { community: 'a_b', posted_ago: '7d' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'posted_ago': only valid with sort_by top or controversial",
      },
    ],
    [
      'rejects posted_ago 2d as invalid_parameter',
      POSTS,
      { community: 'a_b', sort_by: 'top', posted_ago: '2d' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'posted_ago': must be one of: 1h, 24h, 7d, 30d, 12m, all",
      },
    ],
    [
      'rejects sort_by new as invalid_parameter',
      POSTS,
      { community: 'a_b', sort_by: 'new' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'sort_by': must be one of: hot, most_recent, top, rising, controversial",
      },
    ],
    [
      'rejects a 65-character flair as invalid_parameter',
      POSTS,
      { community: 'a_b', flair: 'f'.repeat(65) },
      { code: 'invalid_parameter', error: "Invalid parameter 'flair': must be at most 64 characters" },
    ],
    [
      'rejects pages 41 as invalid_parameter',
      POSTS,
      { community: 'a_b', pages: '41' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 40" },
    ],
    [
      'rejects pages 0 as invalid_parameter',
      POSTS,
      { community: 'a_b', pages: '0' },
      { code: 'invalid_parameter', error: "Invalid parameter 'pages': must be an integer from 1 to 40" },
    ],
    [
      'rejects a community name with spaces as invalid_parameter',
      POSTS,
      { community: 'ask science' },
      {
        code: 'invalid_parameter',
        error: "Invalid parameter 'community': must be a community name (letters, digits, underscores)",
      },
    ],
    [
      'rejects a url without /r/<name> as invalid_parameter',
      POSTS,
      { url: 'https://forumsite.example/user/someone' },
      { code: 'invalid_parameter', error: "Invalid parameter 'url': must be a community URL containing /r/<name>" },
    ],
    [
      'rejects an unknown parameter as invalid_parameter',
      POSTS,
      { community: 'a_b', time: 'week' },
      { code: 'invalid_parameter', error: "Unknown parameter 'time'" },
    ],
    [
      'rejects community details without community or url as missing_parameter',
      COMMUNITY,
      {},
      { code: 'missing_parameter', error: `Missing parameter: ${exactlyOne}` },
    ],
    [
      'rejects community details with both identifiers as invalid_parameter',
      COMMUNITY,
      { community: 'a_b', url: 'https://forumsite.example/r/a_b' },
      { code: 'invalid_parameter', error: `Invalid parameters: ${exactlyOne}, not 2` },
    ],
    [
      'rejects a 501-character community url as invalid_parameter',
      COMMUNITY,
      { url: `https://forumsite.example/r/${'a'.repeat(480)}` },
      { code: 'invalid_parameter', error: "Invalid parameter 'url': must be at most 500 characters" },
    ],
    [
      'rejects get_sentiment on community details as an unknown parameter',
      COMMUNITY,
      { community: 'a_b', get_sentiment: 'true' },
      { code: 'invalid_parameter', error: "Unknown parameter 'get_sentiment'" },
    ],
  ];
  it.each(cases)('%s', (_name, path, raw, expected) => {
    expect(paramError(path, raw)).toEqual(expected);
  });
});
