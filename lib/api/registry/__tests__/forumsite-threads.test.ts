// Registry and sandbox of the forumsite post search and a post's comments.
import { describe, expect, it } from 'vitest';
import { forumsiteSandbox } from '@/lib/api/providers/sandbox/forumsite';
import { forumsiteEndpoints } from '../forumsite';
import { ProviderError } from '../types';
import { contractTests, familyKit } from './support/family-kit';

const kit = familyKit(forumsiteEndpoints, forumsiteSandbox);
const SEARCH = '/v1/forumsite/posts';
const COMMENTS = '/v1/forumsite/post/comments';
const isCode = (code: string) => (e: unknown) => e instanceof ProviderError && e.code === code;

describe('forumsite post search', () => {
  contractTests(kit.endpoint(SEARCH), forumsiteSandbox);

  it("is billed per request at $0.003, the real service's `page` from 1 to 12 with 25 posts", () => {
    expect(kit.endpoint(SEARCH)).toMatchObject({
      priceMicros: 3000,
      billingUnit: 'request',
      pageSize: 25,
      paging: { param: 'page', max: 12 },
      sentimentTarget: { list: 'posts', text: 'snippet' },
    });
    expect(kit.rejection(SEARCH, { query: 'x', page: '13' })).toEqual({
      code: 'invalid_parameter',
      error: "Invalid parameter 'page': must be an integer from 1 to 12",
    });
    expect(kit.rejection(SEARCH, {}).code).toBe('missing_parameter');
  });

  it('continues the same list on page 2, and says where the results end', async () => {
    const one = (await kit.run(SEARCH, { query: 'gardening tips' })).body as { posts: { post_id: string }[] };
    const two = (await kit.run(SEARCH, { query: 'gardening tips', page: '2' })).body as {
      posts: { post_id: string }[];
      page: number;
    };
    expect(two.page).toBe(2);
    expect(two.posts[0]?.post_id).not.toBe(one.posts[0]?.post_id);
    const none = await kit.run(SEARCH, { query: 'sandbox_no_results' });
    expect(none).toEqual({
      body: { posts: [], query: 'sandbox_no_results', sort_by: 'relevance', page: 1, has_next_page: false, count: 0 },
      pagesReturned: 1,
    });
  });
});

describe('forumsite post comments', () => {
  contractTests(kit.endpoint(COMMENTS), forumsiteSandbox);

  it('is billed per page at $0.003, up to 10 pages, one of post_id or url', () => {
    expect(kit.endpoint(COMMENTS)).toMatchObject({
      priceMicros: 3000,
      billingUnit: 'page',
      paging: { param: 'pages', max: 10 },
      sentimentTarget: { list: 'comments', text: 'text' },
    });
    expect(kit.rejection(COMMENTS, { post_id: '3hahrw', url: 'https://x.example/comments/3hahrw/' }).code).toBe(
      'invalid_parameter',
    );
    expect(kit.rejection(COMMENTS, { url: 'https://forumsite.example/r/funny/' }).error).toContain('/comments/<id>');
  });

  it('reads the post from post_id (t3_ prefix removed) and from the url forms alike', async () => {
    const byId = await kit.run(COMMENTS, { post_id: 't3_3HAHRW' });
    expect(byId.body.post_id).toBe('3hahrw');
    for (const url of ['https://forumsite.example/r/funny/comments/3hahrw/ba_dum_tsss/', 'https://redd.it/3hahrw'])
      expect(await kit.run(COMMENTS, { url })).toEqual(byId);
  });

  it('flattens the thread: each reply after its parent, one level deeper', async () => {
    const { body } = await kit.run(COMMENTS, { post_id: 'abc123', pages: '3' });
    const comments = body.comments as { comment_id: string; parent_id: string; depth: number }[];
    const seen = new Map<string, number>();
    for (const comment of comments) {
      if (comment.depth === 0) expect(comment.parent_id).toBe('');
      else expect(seen.get(comment.parent_id)).toBe(comment.depth - 1);
      seen.set(comment.comment_id, comment.depth);
    }
    expect(comments.some((c) => c.depth > 0)).toBe(true);
  });

  it('answers the documented inputs: not found, no comments', async () => {
    await expect(kit.run(COMMENTS, { post_id: 'sandboxnf' })).rejects.toSatisfy(isCode('not_found'));
    expect(await kit.run(COMMENTS, { post_id: 'sandbox0' })).toEqual({
      body: { comments: [], post_id: 'sandbox0', pages: 0, count: 0 },
      pagesReturned: 0,
    });
  });
});
