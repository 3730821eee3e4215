import { describe, expect, it } from 'vitest';
import { handlerAt } from '@/lib/api/providers/handlers';
import { contractTests, familyKit, listOf } from './support/family-kit';
import { clipnetSandbox } from '../../providers/sandbox/clipnet';
import { CLIPNET_FOLLOWERS_MAX_PAGES, clipnetEndpoints } from '../clipnet';

const { endpoint, run, rejection } = familyKit(clipnetEndpoints, clipnetSandbox);
type Path = Parameters<typeof endpoint>[0];

describe.each(clipnetEndpoints.map((d) => [d.path, d] as const))('%s', (_path, def) => {
  contractTests(def, clipnetSandbox);

  it('answers the example with at least one record', async () => {
    const result = await handlerAt(clipnetSandbox, def.path)!(def.params.parse(def.example));
    expect(listOf(result.body).length).toBeGreaterThan(0);
  });

  it('rejects an unknown parameter with invalid_parameter', () => {
    expect(rejection(def.path, { ...def.example, cursor: 'abc' })).toEqual({
      code: 'invalid_parameter',
      error: "Unknown parameter 'cursor'",
    });
  });

  it('rejects pages above its maximum with invalid_parameter', () => {
    const max = def.paging.max;
    expect(rejection(def.path, { ...def.example, pages: String(max + 1) })).toEqual({
      code: 'invalid_parameter',
      error: `Invalid parameter 'pages': must be an integer from 1 to ${max}`,
    });
  });

  it('keeps count, pages and the billed pages consistent, and runs out early for some inputs', async () => {
    // Video search states no page size; the sandbox uses 20.
    const pageSize = 'pageSize' in def ? def.pageSize : 20;
    const key = 'query' in def.example ? 'query' : 'username' in def.example ? 'username' : 'video_id';
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        handlerAt(clipnetSandbox, def.path)!(
          def.params.parse({ ...def.example, [key]: `${key === 'video_id' ? '' : 'q'}${7301 + i}`, pages: '5' }),
        ),
      ),
    );
    for (const { body, pagesReturned } of outcomes) {
      expect(body.count).toBe(listOf(body).length);
      expect(body.pages).toBe(Math.max(1, Math.ceil((body.count as number) / pageSize)));
      expect(pagesReturned).toBe(body.pages);
    }
    expect(outcomes.some((o) => (o.body.count as number) < 4 * pageSize)).toBe(true);
  });

  it('leaves sentiment for the gateway to fill', async () => {
    const { body } = await handlerAt(clipnetSandbox, def.path)!(
      def.params.parse({ ...def.example, get_sentiment: 'true' }),
    );
    expect(def.sentimentTarget).toBeDefined();
    for (const record of listOf(body)) {
      expect('sentiment' in record).toBe(false);
      expect(typeof record[def.sentimentTarget.text]).toBe('string');
    }
  });
});

describe('clipnet parameters', () => {
  const long = (n: number) => 'x'.repeat(n);
  const url = 'https://www.clipnet.example/@chef.maya/video/7301234567890123456';
  it.each<[string, Path, Record<string, string>, string, string]>([
    [
      'rejects comments with neither url nor video_id',
      '/v1/clipnet/video/comments',
      {},
      'missing_parameter',
      "Missing parameter: provide exactly one of 'url' or 'video_id'",
    ],
    [
      'rejects comments with both url and video_id',
      '/v1/clipnet/video/comments',
      { url, video_id: '7301' },
      'invalid_parameter',
      "Invalid parameters: provide exactly one of 'url' or 'video_id', not 2",
    ],
    [
      'rejects a video_id that is not numeric',
      '/v1/clipnet/video/comments',
      { video_id: 'abc' },
      'invalid_parameter',
      "Invalid parameter 'video_id': must be a numeric video ID",
    ],
    [
      'rejects a video url over 500 characters',
      '/v1/clipnet/video/comments',
      { url: long(501) },
      'invalid_parameter',
      "Invalid parameter 'url': must be at most 500 characters",
    ],
    [
      'rejects replies without comment_id',
      '/v1/clipnet/comment/replies',
      { video_id: '7301' },
      'missing_parameter',
      "Missing parameter 'comment_id'",
    ],
    [
      'rejects a comment_id that is not numeric',
      '/v1/clipnet/comment/replies',
      { video_id: '7301', comment_id: 'c1' },
      'invalid_parameter',
      "Invalid parameter 'comment_id': must be a numeric comment ID",
    ],
    [
      'rejects a comment_id over 50 characters',
      '/v1/clipnet/comment/replies',
      { video_id: '7301', comment_id: '1'.repeat(51) },
      'invalid_parameter',
      "Invalid parameter 'comment_id': must be at most 50 characters",
    ],
    [
      'rejects replies with both url and video_id',
      '/v1/clipnet/comment/replies',
      { url, video_id: '7301', comment_id: '1' },
      'invalid_parameter',
      "Invalid parameters: provide exactly one of 'url' or 'video_id', not 2",
    ],
    [
      'rejects a video search without query',
      '/v1/clipnet/videos',
      { pages: '2' },
      'missing_parameter',
      "Missing parameter 'query'",
    ],
    [
      'rejects a search query over 500 characters',
      '/v1/clipnet/videos',
      { query: long(501) },
      'invalid_parameter',
      "Invalid parameter 'query': must be at most 500 characters",
    ],
    [
      'rejects a region that is not a 2-letter code',
      '/v1/clipnet/videos',
      { query: 'a', region: 'USA' },
      'invalid_parameter',
      "Invalid parameter 'region': must be a 2-letter country code",
    ],
    [
      'rejects a publish_time outside the listed windows',
      '/v1/clipnet/videos',
      { query: 'a', publish_time: '14' },
      'invalid_parameter',
      "Invalid parameter 'publish_time': must be one of: 0, 1, 7, 30, 90, 180",
    ],
    [
      'rejects an unknown sort_by',
      '/v1/clipnet/videos',
      { query: 'a', sort_by: 'oldest' },
      'invalid_parameter',
      "Invalid parameter 'sort_by': must be one of: relevance, most_recent, most_liked",
    ],
    [
      'rejects user videos with no user given',
      '/v1/clipnet/user/videos',
      {},
      'missing_parameter',
      "Missing parameter: provide exactly one of 'username' or 'user_id' or 'url'",
    ],
    [
      'rejects user videos with username and user_id',
      '/v1/clipnet/user/videos',
      { username: 'a', user_id: '1' },
      'invalid_parameter',
      "Invalid parameters: provide exactly one of 'username' or 'user_id' or 'url', not 2",
    ],
    [
      'rejects a username over 100 characters',
      '/v1/clipnet/user/videos',
      { username: long(101) },
      'invalid_parameter',
      "Invalid parameter 'username': must be at most 100 characters",
    ],
    [
      'rejects followers with all three user parameters',
      '/v1/clipnet/user/followers',
      { username: 'a', user_id: '1', url },
      'invalid_parameter',
      "Invalid parameters: provide exactly one of 'username' or 'user_id' or 'url', not 3",
    ],
    [
      'rejects get_sentiment other than true or false',
      '/v1/clipnet/user/followers',
      { username: 'a', get_sentiment: 'TRUE' },
      'invalid_parameter',
      "Invalid parameter 'get_sentiment': must be true or false",
    ],
  ])('%s', (_name, path, query, code, error) => {
    expect(rejection(path, query)).toEqual({ code, error });
  });

  it('parses publish_time to an integer and uppercases region', () => {
    expect(endpoint('/v1/clipnet/videos').params.parse({ query: 'a', publish_time: '30', region: 'gb' })).toMatchObject(
      { publish_time: 30, region: 'GB' },
    );
  });

  it('caps followers pages at the documented service maximum, since the spec shows none', () => {
    expect(endpoint('/v1/clipnet/user/followers').paging).toEqual({ param: 'pages', max: CLIPNET_FOLLOWERS_MAX_PAGES });
    expect(endpoint('/v1/clipnet/user/followers').description).toContain(String(CLIPNET_FOLLOWERS_MAX_PAGES));
  });
});

describe('clipnet sandbox', () => {
  it.each<[Path, Record<string, string>, string]>([
    ['/v1/clipnet/user/videos', { username: 'sandbox_not_found' }, 'not_found'],
    ['/v1/clipnet/user/followers', { url: 'https://www.clipnet.example/@sandbox_not_found' }, 'not_found'],
    ['/v1/clipnet/user/followers', { username: 'sandbox_limited' }, 'limited_account'],
    ['/v1/clipnet/user/followers', { username: '@sandbox_private' }, 'limited_account'],
    ['/v1/clipnet/videos', { query: 'sandbox_rate_limited' }, 'upstream_rate_limit'],
    ['/v1/clipnet/video/comments', { url: 'sandbox_upstream_error' }, 'upstream_error'],
  ])('answers %s %j with %s', async (path, query, code) => {
    await expect(run(path, query)).rejects.toMatchObject({ name: 'ProviderError', code });
  });

  it('exposes at most about 450 comments while total reports all of them', async () => {
    const { body } = await run('/v1/clipnet/video/comments', { video_id: '7301234567890123456', pages: '1000' });
    expect(body.count as number).toBeLessThanOrEqual(450);
    expect(body.total as number).toBeGreaterThanOrEqual(body.count as number);
  });

  it('reads the video_id from a video url and tags every reply with its parent comment', async () => {
    const { body } = await run('/v1/clipnet/comment/replies', {
      url: 'https://www.clipnet.example/@a/video/7301234567890123456',
      comment_id: '42',
    });
    expect(body.video_id).toBe('7301234567890123456');
    for (const reply of body.replies as { parent_comment_id: string; video_id: string }[]) {
      expect(reply).toMatchObject({ parent_comment_id: '42', video_id: '7301234567890123456' });
    }
  });

  it('lists user videos newest first with photo posts carrying images and duration 0', async () => {
    const { body } = await run('/v1/clipnet/user/videos', { username: '@chef.maya', pages: '3' });
    const videos = body.videos as { date_timestamp: number; images: string[]; duration: number; author: string }[];
    const times = videos.map((v) => v.date_timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(body.username).toBe('chef.maya');
    for (const v of videos) expect(v.images.length > 0).toBe(v.duration === 0);
  });

  it('sorts search results by likes with sort_by most_liked', async () => {
    const { body } = await run('/v1/clipnet/videos', { query: 'street food', sort_by: 'most_liked', pages: '3' });
    const likes = (body.videos as { likes: number }[]).map((v) => v.likes);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  // How fast it builds them belongs to the benchmarks (npm run bench:api), not to a test that a
  // loaded machine can fail.
  it('builds 10 pages of 50 comments, the same ones on every call', async () => {
    const query = endpoint('/v1/clipnet/comment/replies').params.parse({
      video_id: '7301234567890123456',
      comment_id: '7',
      pages: '10',
    });
    const handler = handlerAt(clipnetSandbox, '/v1/clipnet/comment/replies')!;
    let full: Record<string, unknown> = query;
    for (let i = 0; (await handler(full)).body.count !== 500; i++) full = { ...query, comment_id: String(i) };
    const { body } = await handler(full);
    expect(body.pages).toBe(10);
    expect((await handler(full)).body).toEqual(body);
  });
});
