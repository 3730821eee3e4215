// The forum site's replay route table: its real paths answered from the recordings under
// data/live/forumsite/ (sources, commits and licences in the root NOTICE). Values are never
// edited; the headers given are the x-ratelimit-* headers recorded with each response.
//
// Paging: the adapter asks 100 posts per platform request (`limit=100`) and cuts them into the
// spec's pages of 25. r/popular/hot chains three pages:
//   page 1  popular-hot-1.json   (100 posts, after t3_1skbyfv)
//   page 2  popular-hot-2.json   (the next 100: PRAW recorded it 5 s later for the same user after
//                                 hiding the first 100, so the listing began where page 1 ended;
//                                 it was not requested with after=t3_1skbyfv, which is the only
//                                 liberty taken: the route serves it for that cursor)
//   page 3  empty.json           (a real empty listing, recorded for another listing: the walk
//                                 ends there as it does when results run out)
// r/tiananmenaquarefalse/top?t=all is a real single page (8 posts, after null).
// The 403/404 bodies of a private or banned community, the unknown community's 302 and its
// about.json's empty listing have no public recording: they are the bodies and statuses the
// platform is documented to send (Pyprohly/reddit-api-doc-notes), kept under documented/.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplayRoute } from '../../../__tests__/support/replay-server';

const dir = 'data/live/forumsite';
const repositoryRoot = path.resolve(import.meta.dirname, '../../../../../../..');
/** The post whose comments are recorded. */
export const COMMENTS_POST = '3hahrw';
/** A post id no post has: the platform's recorded 404 body. */
export const MISSING_POST = 'zz9zz9';

const listing = { limit: '100', raw_json: '1' };

export const forumsiteRoutes: ReplayRoute[] = [
  // r/popular/hot: three chained pages (2026-04-13)
  {
    path: '/r/popular/hot.json',
    query: listing,
    file: `${dir}/listings/popular-hot-1.json`,
    headers: { 'x-ratelimit-remaining': '997.0', 'x-ratelimit-reset': '15', 'x-ratelimit-used': '3' },
  },
  {
    path: '/r/popular/hot.json',
    query: { ...listing, after: 't3_1skbyfv' },
    file: `${dir}/listings/popular-hot-2.json`,
    headers: { 'x-ratelimit-remaining': '996.0', 'x-ratelimit-reset': '11', 'x-ratelimit-used': '4' },
  },
  { path: '/r/popular/hot.json', query: { ...listing, after: 't3_1sk79iw' }, file: `${dir}/listings/empty.json` },

  // r/AskReddit in each sort (2020-07-10); top and controversial with t=all
  {
    path: '/r/askreddit/hot.json',
    query: listing,
    file: `${dir}/listings/askreddit-hot.json`,
    headers: { 'x-ratelimit-remaining': '591.0', 'x-ratelimit-reset': '247', 'x-ratelimit-used': '9' },
  },
  {
    path: '/r/askreddit/new.json',
    query: listing,
    file: `${dir}/listings/askreddit-new.json`,
    headers: { 'x-ratelimit-remaining': '590.0', 'x-ratelimit-reset': '246', 'x-ratelimit-used': '10' },
  },
  {
    path: '/r/askreddit/rising.json',
    query: listing,
    file: `${dir}/listings/askreddit-rising.json`,
    headers: { 'x-ratelimit-remaining': '588.0', 'x-ratelimit-reset': '244', 'x-ratelimit-used': '12' },
  },
  {
    path: '/r/askreddit/top.json',
    query: { ...listing, t: 'all' },
    file: `${dir}/listings/askreddit-top-all.json`,
    headers: { 'x-ratelimit-remaining': '587.0', 'x-ratelimit-reset': '242', 'x-ratelimit-used': '13' },
  },
  {
    path: '/r/askreddit/controversial.json',
    query: { ...listing, t: 'all' },
    file: `${dir}/listings/askreddit-controversial-all.json`,
    headers: { 'x-ratelimit-remaining': '593.0', 'x-ratelimit-reset': '252', 'x-ratelimit-used': '7' },
  },

  // A quarantined community: 403 reason quarantined without the opt-in (recorded for its new
  // listing), and its top listing as recorded after the opt-in: one page, after null.
  { path: '/r/tiananmenaquarefalse/new.json', query: listing, status: 403, file: `${dir}/errors/quarantined-403.json` },
  {
    path: '/r/tiananmenaquarefalse/top.json',
    query: { ...listing, t: 'all' },
    file: `${dir}/listings/tiananmenaquarefalse-top-all.json`,
    headers: { 'x-ratelimit-remaining': '566.0', 'x-ratelimit-reset': '570', 'x-ratelimit-used': '34' },
  },

  // An existing community whose listing is empty: the real empty listing above, served as
  // r/announcements' rising page (an empty first page makes the adapter ask about.json).
  { path: '/r/announcements/rising.json', query: listing, file: `${dir}/listings/empty.json` },

  // Details (about.json)
  { path: '/r/announcements/about.json', query: { raw_json: '1' }, file: `${dir}/about/announcements.json` },
  {
    path: '/r/redditdev/about.json',
    query: { raw_json: '1' },
    file: `${dir}/about/redditdev.json`,
    headers: { 'x-ratelimit-remaining': '349.0', 'x-ratelimit-reset': '336', 'x-ratelimit-used': '251' },
  },

  // Documented, not recorded: private (403), banned (404), unknown (302 to the search page; about.json an empty listing)
  { path: '/r/privatecommunity/hot.json', query: listing, status: 403, file: `${dir}/documented/private-403.json` },
  {
    path: '/r/privatecommunity/about.json',
    query: { raw_json: '1' },
    status: 403,
    file: `${dir}/documented/private-403.json`,
  },
  { path: '/r/bannedcommunity/hot.json', query: listing, status: 404, file: `${dir}/documented/banned-404.json` },
  {
    path: '/r/bannedcommunity/about.json',
    query: { raw_json: '1' },
    status: 404,
    file: `${dir}/documented/banned-404.json`,
  },
  {
    path: '/r/nosuchcommunity/hot.json',
    query: listing,
    status: 302,
    headers: { location: 'https://www.reddit.com/subreddits/search.json?q=nosuchcommunity' },
  },
  // The same redirect as web servers send it: with a short HTML page as its body (not recorded;
  // the body any server writes for a 302), which must never be read as the answer.
  {
    path: '/r/nosuchcommunity/new.json',
    query: listing,
    status: 302,
    body: '<html><body>You are being <a href="https://www.reddit.com/subreddits/search.json?q=nosuchcommunity">redirected</a>.</body></html>',
    headers: {
      'content-type': 'text/html; charset=utf-8',
      location: 'https://www.reddit.com/subreddits/search.json?q=nosuchcommunity',
    },
  },
  { path: '/r/nosuchcommunity/about.json', query: { raw_json: '1' }, file: `${dir}/documented/about-unknown.json` },

  // App-only OAuth: the client-credentials token (PRAW's cassette filter replaced the token's value)
  { method: 'POST', path: '/api/v1/access_token', file: `${dir}/oauth/access-token.json` },

  ...searchRoutes(),
  ...commentRoutes(),
];

/** The token in the recorded access_token answer. */
export const RECORDED_TOKEN = '<ACCESS_TOKEN>';

/**
 * A real payload missing fields the record needs: r/AskReddit/new as recorded in 2016, before
 * the platform added upvote_ratio, is_video and spoiler to posts.
 */
export const oldPayloadRoutes: ReplayRoute[] = [
  { path: '/r/askreddit/new.json', query: listing, file: `${dir}/old/askreddit-new-2016.json` },
];

/** The query of one site-wide search request, as the adapter sends it. */
export function searchQuery(q: string, extra: Record<string, string> = {}): Record<string, string> {
  return { q, sort: 'relevance', t: 'all', limit: '100', raw_json: '1', ...extra };
}

/**
 * Site-wide search. Both bodies answered GET /r/all/search/?q=…&restrict_sr=false&sort=relevance&
 * syntax=cloudsearch&t=all&limit=1024&raw_json=1 (asyncpraw's cassette), Reddit's site-wide search;
 * they answer the adapter's /search.json for the same words with limit=100 (one page: 31 posts,
 * after null; the other none).
 */
function searchRoutes(): ReplayRoute[] {
  return [
    {
      path: '/search.json',
      query: searchQuery('praw oauth search'),
      file: `${dir}/search/search-praw-oauth-search.json`,
    },
    {
      path: '/search.json',
      query: searchQuery('asyncpraw oauth search'),
      file: `${dir}/search/search-no-results.json`,
    },
  ];
}

interface TreeThing {
  kind: string;
  data: { id: string; children?: string[]; replies?: { data: { children: TreeThing[] } } | '' };
}

/** The "more" stubs of the recorded tree, by id, with their children in the recorded order. */
export function recordedStubs(): Map<string, string[]> {
  const tree = JSON.parse(readFileSync(path.resolve(repositoryRoot, dir, 'comments-3hahrw/tree.json'), 'utf8')) as [
    unknown,
    { data: { children: TreeThing[] } },
  ];
  const stubs = new Map<string, string[]>();
  const visit = (things: TreeThing[]) => {
    for (const thing of things) {
      if (thing.kind === 'more') stubs.set(thing.data.id, thing.data.children ?? []);
      else if (thing.data.replies) visit(thing.data.replies.data.children);
    }
  };
  visit(tree[1].data.children);
  return stubs;
}

/** The query of one morechildren request for the post. */
export function moreQuery(children: readonly string[]): Record<string, string> {
  return {
    api_type: 'json',
    link_id: `t3_${COMMENTS_POST}`,
    children: children.join(','),
    sort: 'confidence',
    raw_json: '1',
  };
}

/**
 * Post 3hahrw's comments (praw's TestCommentForest cassette, 2017). The tree was recorded for
 * limit=10 and answers the adapter's limit=100 (the only liberty: the platform would have sent
 * more comments at once). Each stub's morechildren answer was recorded as a POST with the stub's
 * children in its form; the adapter asks the same with GET, the children in its query.
 */
function commentRoutes(): ReplayRoute[] {
  const routes: ReplayRoute[] = [
    {
      path: `/comments/${COMMENTS_POST}.json`,
      query: { limit: '100', sort: 'confidence', raw_json: '1' },
      file: `${dir}/comments-3hahrw/tree.json`,
    },
    {
      path: `/comments/${MISSING_POST}.json`,
      query: { limit: '100', sort: 'confidence', raw_json: '1' },
      status: 404,
      file: `${dir}/errors/not-found-404.json`,
    },
  ];
  for (const [id, children] of recordedStubs())
    routes.push({
      path: '/api/morechildren.json',
      query: moreQuery(children),
      file: `${dir}/comments-3hahrw/more-${id}.json`,
    });
  return routes;
}
