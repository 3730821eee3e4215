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
import type { ReplayRoute } from '../../__tests__/replay-server';

const dir = 'data/live/forumsite';
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
  { path: '/r/nosuchcommunity/about.json', query: { raw_json: '1' }, file: `${dir}/documented/about-unknown.json` },

  // App-only OAuth: the client-credentials token (PRAW's cassette filter replaced the token's value)
  { method: 'POST', path: '/api/v1/access_token', file: `${dir}/oauth/access-token.json` },
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
