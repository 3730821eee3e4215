import { describe, expect, it } from 'vitest';
import { contractTests, familyKit } from './support/family-kit';
import { photonetSandbox } from '../../providers/sandbox/photonet';
import { photonetEndpoints } from '../photonet';

const { endpoint, run, rejection } = familyKit(photonetEndpoints, photonetSandbox);
type Path = Parameters<typeof endpoint>[0];

describe.each(photonetEndpoints.map((d) => [d.path, d] as const))('%s', (_path, def) => {
  contractTests(def, photonetSandbox);

  it('rejects an unknown parameter with invalid_parameter', () => {
    expect(rejection(def.path, { ...def.example, limit: '5' })).toEqual({
      code: 'invalid_parameter',
      error: "Unknown parameter 'limit'",
    });
  });
});

describe('photonet parameters', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, Path, Record<string, string>, string, string]>([
    [
      'rejects replies without url or code with missing_parameter',
      '/v1/photonet/comment/replies',
      { comment_id: '1' },
      'missing_parameter',
      "Missing parameter: provide 'url' or 'code'",
    ],
    [
      'rejects replies without comment_id with missing_parameter',
      '/v1/photonet/comment/replies',
      { code: 'C9x' },
      'missing_parameter',
      "Missing parameter 'comment_id'",
    ],
    [
      'rejects a code over 50 characters',
      '/v1/photonet/comment/replies',
      { code: long(51), comment_id: '1' },
      'invalid_parameter',
      "Invalid parameter 'code': must be at most 50 characters",
    ],
    [
      'rejects a comment_id over 50 characters',
      '/v1/photonet/comment/replies',
      { code: 'C9x', comment_id: long(51) },
      'invalid_parameter',
      "Invalid parameter 'comment_id': must be at most 50 characters",
    ],
    [
      'rejects a post url over 500 characters',
      '/v1/photonet/comment/replies',
      { url: long(501), comment_id: '1' },
      'invalid_parameter',
      "Invalid parameter 'url': must be at most 500 characters",
    ],
    [
      'rejects replies pages above 10 with invalid_parameter',
      '/v1/photonet/comment/replies',
      { code: 'C9x', comment_id: '1', pages: '11' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 10",
    ],
    [
      'rejects highlight stories without highlight_id',
      '/v1/photonet/highlight/stories',
      {},
      'missing_parameter',
      "Missing parameter 'highlight_id'",
    ],
    [
      'rejects a highlight_id over 500 characters',
      '/v1/photonet/highlight/stories',
      { highlight_id: long(501) },
      'invalid_parameter',
      "Invalid parameter 'highlight_id': must be at most 500 characters",
    ],
    [
      'rejects pages on highlight stories, which are not paginated',
      '/v1/photonet/highlight/stories',
      { highlight_id: '1', pages: '2' },
      'invalid_parameter',
      "Unknown parameter 'pages'",
    ],
    [
      'rejects a user request with neither username nor url',
      '/v1/photonet/user',
      {},
      'missing_parameter',
      "Missing parameter: provide exactly one of 'username' or 'url'",
    ],
    [
      'rejects a user request with both username and url',
      '/v1/photonet/user',
      { username: 'a', url: 'https://photonet.example/a/' },
      'invalid_parameter',
      "Invalid parameters: provide exactly one of 'username' or 'url', not 2",
    ],
    [
      'rejects a username over 100 characters',
      '/v1/photonet/user',
      { username: long(101) },
      'invalid_parameter',
      "Invalid parameter 'username': must be at most 100 characters",
    ],
    [
      'rejects get_sentiment on a profile',
      '/v1/photonet/user',
      { username: 'a', get_sentiment: 'true' },
      'invalid_parameter',
      "Unknown parameter 'get_sentiment'",
    ],
    [
      'rejects following with neither username nor url',
      '/v1/photonet/user/following',
      { pages: '2' },
      'missing_parameter',
      "Missing parameter: provide 'username' or 'url'",
    ],
    [
      'rejects following pages above 40 with invalid_parameter',
      '/v1/photonet/user/following',
      { username: 'a', pages: '41' },
      'invalid_parameter',
      "Invalid parameter 'pages': must be an integer from 1 to 40",
    ],
    [
      'rejects a following query over 100 characters',
      '/v1/photonet/user/following',
      { username: 'a', query: long(101) },
      'invalid_parameter',
      "Invalid parameter 'query': must be at most 100 characters",
    ],
  ])('%s', (_name, path, query, code, error) => {
    expect(rejection(path, query)).toEqual({ code, error });
  });

  it('accepts a username with a leading @ and removes it', () => {
    expect(endpoint('/v1/photonet/user').params.parse({ username: '@natgeo' })).toEqual({ username: 'natgeo' });
  });
});

describe('photonet billing', () => {
  it('bills private_account and limited_account on following as one page, and nothing else', () => {
    expect(endpoint('/v1/photonet/user/following').billedErrors).toEqual({ private_account: 1, limited_account: 1 });
    expect(endpoint('/v1/photonet/user').billedErrors).toEqual({});
  });
});

describe('photonet sandbox', () => {
  it.each<[Path, Record<string, string>, string]>([
    ['/v1/photonet/user', { username: 'sandbox_not_found' }, 'not_found'],
    ['/v1/photonet/user', { url: 'https://www.photonet.example/sandbox_not_found/' }, 'not_found'],
    ['/v1/photonet/user/following', { username: 'sandbox_private' }, 'private_account'],
    ['/v1/photonet/user/following', { username: '@sandbox_limited', pages: '5' }, 'limited_account'],
    ['/v1/photonet/user/following', { username: 'sandbox_not_found' }, 'not_found'],
    ['/v1/photonet/highlight/stories', { highlight_id: 'sandbox_rate_limited' }, 'upstream_rate_limit'],
    ['/v1/photonet/comment/replies', { code: 'sandbox_timeout', comment_id: '1' }, 'upstream_timeout'],
    ['/v1/photonet/user/following', { username: 'natgeo', query: 'sandbox_upstream_error' }, 'upstream_error'],
  ])('answers %s %j with %s', async (path, query, code) => {
    await expect(run(path, query)).rejects.toMatchObject({ name: 'ProviderError', code });
  });

  it('answers sandbox_private on the profile endpoint with a private profile', async () => {
    const { body } = await run('/v1/photonet/user', { username: 'sandbox_private' });
    expect(body.user).toMatchObject({ username: 'sandbox_private', is_private: true, external_url: '', bio_links: [] });
  });

  it('reads the username from a profile url', async () => {
    const { body } = await run('/v1/photonet/user', { url: 'https://www.photonet.example/natgeo/' });
    expect(body.user).toMatchObject({ username: 'natgeo', url: 'https://www.photonet.example/natgeo/' });
  });

  it('leaves reply urls empty when the post is given by media ID, and builds them from a shortcode', async () => {
    const byId = await run('/v1/photonet/comment/replies', {
      code: '3301234567890123456',
      comment_id: '18000000000000001',
    });
    for (const reply of byId.body.replies as { url: string }[]) expect(reply.url).toBe('');
    const byUrl = await run('/v1/photonet/comment/replies', {
      url: 'https://www.photonet.example/p/C9xQ2bLsK1a/',
      comment_id: '18000000000000001',
    });
    expect(byUrl.body.code).toBe('C9xQ2bLsK1a');
    for (const reply of byUrl.body.replies as { url: string; parent_comment_id: string }[]) {
      expect(reply.url).toContain('/p/C9xQ2bLsK1a/c/18000000000000001/r/');
      expect(reply.parent_comment_id).toBe('18000000000000001');
    }
  });

  it('returns replies oldest first with pages and count consistent and total covering them', async () => {
    const { body, pagesReturned } = await run('/v1/photonet/comment/replies', {
      code: 'C9xQ2bLsK1a',
      comment_id: '18023456789012345',
      pages: '10',
    });
    const replies = body.replies as { date_timestamp: number }[];
    const times = replies.map((r) => r.date_timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.count).toBe(replies.length);
    expect(pagesReturned).toBe(body.pages);
    expect(body.total as number).toBeGreaterThanOrEqual(replies.length);
  });

  it('runs out of replies before the last requested page for some comments, returning only the pages fetched', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        run('/v1/photonet/comment/replies', { code: 'C9x', comment_id: String(1000 + i), pages: '10' }),
      ),
    );
    const short = outcomes.filter((o) => (o.body.count as number) < 150);
    expect(short.length).toBeGreaterThan(0);
    for (const o of short) expect(o.pagesReturned).toBe(Math.max(1, Math.ceil((o.body.count as number) / 15)));
    expect(outcomes.some((o) => o.body.count === 150 && o.pagesReturned === 10)).toBe(true);
  });

  it('returns every story of a highlight, oldest first, with media_count matching', async () => {
    const { body } = await run('/v1/photonet/highlight/stories', {
      highlight_id: 'https://www.photonet.example/stories/highlights/17912345678901234/',
    });
    const highlight = body.highlight as {
      highlight_id: string;
      media_count: number;
      created_at_timestamp: number;
      updated_at_timestamp: number;
    };
    const stories = body.stories as { date_timestamp: number; expires_at: string; expires_at_timestamp: null }[];
    expect(highlight.highlight_id).toBe('17912345678901234');
    expect(highlight.media_count).toBe(stories.length);
    expect(body.count).toBe(stories.length);
    expect(highlight.created_at_timestamp).toBe(stories[0]!.date_timestamp);
    expect(highlight.updated_at_timestamp).toBe(stories[stories.length - 1]!.date_timestamp);
    for (const s of stories) expect(s).toMatchObject({ expires_at: '', expires_at_timestamp: null });
  });

  it('returns 50 followed accounts per page, and fewer pages when the list runs out', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) => run('/v1/photonet/user/following', { username: `user${i}`, pages: '4' })),
    );
    for (const o of outcomes) {
      expect(o.body.count).toBe((o.body.following as unknown[]).length);
      expect(o.pagesReturned).toBe(o.body.pages);
      expect('query' in o.body).toBe(false);
    }
    expect(outcomes.some((o) => o.body.count === 200 && o.body.pages === 4)).toBe(true);
    expect(outcomes.some((o) => (o.body.count as number) < 150)).toBe(true);
  });

  it('searches the following list with query: up to 50 matches in one page whatever pages was', async () => {
    const one = await run('/v1/photonet/user/following', { username: 'natgeo', query: 'Anna' });
    const many = await run('/v1/photonet/user/following', { username: 'natgeo', query: 'Anna', pages: '30' });
    expect(many).toEqual(one);
    expect(one.pagesReturned).toBe(1);
    expect(one.body).toMatchObject({ query: 'Anna', pages: 1, username: 'natgeo' });
    expect(one.body.count as number).toBeLessThanOrEqual(50);
    for (const account of one.body.following as { username: string }[]) expect(account.username).toContain('anna');
  });
});
