// GET /v1/forumsite/posts (site-wide search) and /v1/forumsite/post/comments served live from
// recorded Reddit answers on the replay server, through the real gateway and billing: records
// field by field, the `page` cut and its cursor, the comment tree flattened with "more" stubs
// followed within the page budget, pages billed, and the platform's 404, 429 and redirects.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, type TestAccount } from '@/lib/api/__tests__/support/harness';
import { billedUnits } from '../../__tests__/support/live-api';
import { unhurried, useLiveFamily } from '../../__tests__/support/live-family';
import { forumsiteAdapter } from '..';
import { COMMENTS_POST, MISSING_POST, forumsiteRoutes, moreQuery, recordedStubs, searchQuery } from './support/routes';

const SEARCH = '/v1/forumsite/posts';
const COMMENTS = '/v1/forumsite/post/comments';

interface Comment {
  comment_id: string;
  parent_id: string;
  depth: number;
  [field: string]: unknown;
}

describe('forumsite search and comments on recorded answers', () => {
  const live = useLiveFamily(
    'forumsite',
    forumsiteRoutes,
    { ...unhurried('forumsite'), UPSTREAM_TIMEOUT_MS: '2000', LIVE_FORUMSITE_CONCURRENCY: '4' },
    { adapters: { forumsite: forumsiteAdapter } },
  );
  let account: TestAccount;

  beforeAll(async () => {
    account = await newAccountWithKey();
  });
  afterEach(() => expect(live.replay.unmatched).toEqual([]));

  test('search page 1: 25 of the 31 recorded posts, the first field by field, billed as one request', async () => {
    const response = await live.api.get(SEARCH, { key: account.key, params: { query: 'praw oauth search' } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { posts: Record<string, unknown>[] };
    expect(body).toMatchObject({
      query: 'praw oauth search',
      sort_by: 'relevance',
      page: 1,
      has_next_page: true,
      count: 25,
    });
    expect(body.posts[0]).toStrictEqual(FIRST_SEARCH_RESULT);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: '/search.json',
      query: searchQuery('praw oauth search'),
    });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('search page 2 holds the last 6 posts and no next page; page 3 is empty, still one request billed', async () => {
    const two = await live.api.get(SEARCH, { key: account.key, params: { query: 'praw oauth search', page: 2 } });
    const body = (await two.json()) as { posts: { post_id: string }[] };
    expect(body).toMatchObject({ page: 2, has_next_page: false, count: 6 });
    expect(body.posts.map((p) => p.post_id)).not.toContain(FIRST_SEARCH_RESULT.post_id);
    expect(await billedUnits(account, two)).toBe(1);
    const three = await live.api.get(SEARCH, { key: account.key, params: { query: 'praw oauth search', page: 3 } });
    expect(await three.json()).toMatchObject({ posts: [], page: 3, has_next_page: false, count: 0 });
    expect(await billedUnits(account, three)).toBe(1);
  });

  test('sort_by and posted_ago reach the platform as sort and t', async () => {
    const response = await live.api.get(SEARCH, {
      key: account.key,
      params: { query: 'praw oauth search', sort_by: 'most_recent', posted_ago: '7d' },
    });
    expect(response.status).toBe(502); // nothing recorded for that sort
    expect(live.replay.unmatched.map((r) => r.query)).toEqual([
      searchQuery('praw oauth search', { sort: 'new', t: 'week' }),
    ]);
    live.replay.unmatched.length = 0;
  });

  test('a search that finds nothing answers no posts', async () => {
    const response = await live.api.get(SEARCH, { key: account.key, params: { query: 'asyncpraw oauth search' } });
    expect(await response.json()).toStrictEqual({
      posts: [],
      query: 'asyncpraw oauth search',
      sort_by: 'relevance',
      page: 1,
      has_next_page: false,
      count: 0,
    });
  });

  test('comments page 1: the tree as recorded, flattened in reading order, the first field by field', async () => {
    const response = await live.api.get(COMMENTS, { key: account.key, params: { post_id: COMMENTS_POST } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { comments: Comment[] };
    expect(body).toMatchObject({ post_id: '3hahrw', pages: 1, count: 10 });
    expect(body.comments[0]).toStrictEqual(FIRST_COMMENT);
    expect(body.comments.map((c) => [c.comment_id, c.depth, c.parent_id])).toEqual([
      ['cu5pebp', 0, ''],
      ['cu5sye5', 1, 'cu5pebp'],
      ['cu5tgzu', 2, 'cu5sye5'],
      ['cu5oif1', 0, ''],
      ['cu5t516', 1, 'cu5oif1'],
      ['cu5s3hd', 0, ''],
      ['cu5uluu', 1, 'cu5s3hd'],
      ['cu5q4m5', 0, ''],
      ['cu5p1hh', 0, ''],
      ['cu5th6m', 1, 'cu5p1hh'],
    ]);
    expect(live.replay.requests.at(-1)).toMatchObject({
      path: '/comments/3hahrw.json',
      query: { limit: '100', sort: 'confidence', raw_json: '1' },
    });
    expect(await billedUnits(account, response)).toBe(1);
  });

  test('pages=3 follows the two shallowest "more" stubs, each reply placed after its parent, billed 3', async () => {
    const before = live.replay.requests.length;
    const response = await live.api.get(COMMENTS, { key: account.key, params: { post_id: COMMENTS_POST, pages: 3 } });
    const body = (await response.json()) as { comments: Comment[]; pages: number; count: number };
    const stubs = recordedStubs();
    expect(live.replay.requests.slice(before + 1).map((r) => r.query)).toEqual([
      moreQuery(stubs.get('cu5u1vm')!), // the top-level stub (depth 0)
      moreQuery(stubs.get('cu5tovd')!), // the first stub at depth 1
    ]);
    expect(body.pages).toBe(3);
    expect(body.count).toBe(10 + 92 + 7);
    expectReadingOrder(body.comments);
    expect(new Set(body.comments.map((c) => c.comment_id)).size).toBe(body.count);
    expect(await billedUnits(account, response)).toBe(3);
  });

  test('pages=10 makes ten platform requests at most and bills the ten pages', async () => {
    const before = live.replay.requests.length;
    const response = await live.api.get(COMMENTS, { key: account.key, params: { post_id: COMMENTS_POST, pages: 10 } });
    const body = (await response.json()) as { comments: Comment[]; pages: number };
    expect(live.replay.requests.length - before).toBe(10);
    expect(body.pages).toBe(10);
    expectReadingOrder(body.comments);
    expect(await billedUnits(account, response)).toBe(10);
  });

  test.each([
    ['a post URL', { url: 'https://www.reddit.com/r/funny/comments/3hahrw/ba_dum_tsss/' }],
    ['a short link', { url: 'https://redd.it/3hahrw' }],
    ['a t3_ id', { post_id: 't3_3hahrw' }],
  ])('names the post by %s', async (_name, params) => {
    const response = await live.api.get(COMMENTS, { key: account.key, params });
    expect(await response.json()).toMatchObject({ post_id: '3hahrw', count: 10 });
    expect(live.replay.requests.at(-1)?.path).toBe('/comments/3hahrw.json');
  });

  test('an unknown post (the platform answers 404) is 404 not_found, not billed', async () => {
    const response = await live.api.get(COMMENTS, { key: account.key, params: { post_id: MISSING_POST } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
  });

  test("an unknown community's 302 with an HTML body is 404 not_found, not billed (the body is never read)", async () => {
    const response = await live.api.get('/v1/forumsite/community/posts', {
      key: account.key,
      params: { community: 'nosuchcommunity', sort_by: 'most_recent' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
    expect(await billedUnits(account, response)).toBe(0);
    expect(live.logs.join('\n')).not.toContain('not JSON');
  });
  test("the platform's 429 while following stubs is 429 upstream_rate_limit with its Retry-After, not billed", async () => {
    live.replay.fault({ status: 429, headers: { 'retry-after': '3' } }, { path: '/api/morechildren.json' });
    const response = await live.api.get(COMMENTS, { key: account.key, params: { post_id: COMMENTS_POST, pages: 2 } });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.json()).toMatchObject({ code: 'upstream_rate_limit' });
    expect(await billedUnits(account, response)).toBe(0);
  });
});

/** Every reply comes after its parent, inside the parent's run of deeper comments. */
function expectReadingOrder(comments: readonly Comment[]): void {
  const path: Comment[] = [];
  for (const comment of comments) {
    path.length = comment.depth;
    if (comment.depth > 0) expect(path[comment.depth - 1]?.comment_id).toBe(comment.parent_id);
    else expect(comment.parent_id).toBe('');
    path.push(comment);
  }
}

/** r/learnpython post 6ganxe, the search's first result, as the recording has it. */
const FIRST_SEARCH_RESULT = {
  post_id: '6ganxe',
  title: 'How to check if a username is available on Reddit?',
  url: 'https://www.reddit.com/r/learnpython/comments/6ganxe/how_to_check_if_a_username_is_available_on_reddit/',
  date: '2017-06-09 19:29:16',
  author: 'cheesycow5',
  author_url: 'https://www.reddit.com/user/cheesycow5/',
  source: 'Reddit',
  domain: 'reddit.com',
  snippet:
    "I need to check the availability of a username on Reddit. I tried using Beautifulsoup/Requests, but Reddit doesn't let me open the userpage through python if I do it more than a couple times in a short period. I get a message saying to not check more than once every two seconds, but it doesn't work even if I wait a little while.\n\nI am trying to use PRAW, but I haven't found a way to check for username availability yet.\n\nSuggestions?",
  community: 'learnpython',
  upvotes: 3,
  upvote_ratio: 0.67,
  comments: 24,
  crossposts: 0,
  flair: '',
  link_url: '',
  thumbnail: '',
  is_video: false,
  nsfw: false,
  spoiler: false,
  locked: false,
  stickied: false,
  video_url: '',
  video_hls_url: '',
  images: [],
};

/** The tree's first top-level comment (2015; the 2017 payload has no permalink: the URL is built). */
const FIRST_COMMENT = {
  comment_id: 'cu5pebp',
  post_id: '3hahrw',
  parent_id: '',
  depth: 0,
  url: 'https://www.reddit.com/r/funny/comments/3hahrw/_/cu5pebp/',
  text: "Man I am glad there isn't someone on a drum set every time I fall over.",
  date: '2015-08-17 08:45:51',
  author: 'johnnwho',
  author_url: 'https://www.reddit.com/user/johnnwho/',
  source: 'Reddit',
  domain: 'reddit.com',
  community: 'funny',
  upvotes: 1127,
  edited: false,
  stickied: false,
};
