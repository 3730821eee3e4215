// The forumsite family's native adapter: a community's posts and its details, the site-wide post
// search and a post's comments from the forum site's public JSON (Reddit's listings, about.json,
// search.json, comment trees and morechildren), optionally through app-only OAuth.
// Paths, paging and errors: ./client.ts, ./search.ts, ./comments.ts; the records: ./map.ts; the
// field table: docs/data-sources.md.
import { POST_URL_PATTERN } from '../../../registry/forumsite';
import type { ParamsOf } from '../../../registry';
import type { ProviderResult } from '../../../registry/types';
import type { LiveAdapter } from '../types';
import { ForumsiteClient, OAUTH_BASE_URL, communityFrom } from './client';
import { postComments } from './comments';
import { searchPosts } from './search';
import type { EnvRecord } from '@/lib/env';

/** The platform's rate-limit reset header (seconds), used when a 429 carries no Retry-After. */
function retryAfterSeconds(headers: Readonly<Record<string, string>>): number | undefined {
  for (const value of [headers['retry-after'], headers['x-ratelimit-reset']]) {
    if (value !== undefined && /^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value));
  }
  return undefined;
}

/** Both credentials or neither: one alone is a setting that cannot be honoured. */
function forumsiteCredentials(env: EnvRecord): { id: string; secret: string } | null {
  const id = env.LIVE_FORUMSITE_CLIENT_ID || undefined;
  const secret = env.LIVE_FORUMSITE_CLIENT_SECRET || undefined;
  if (!id && !secret) return null;
  if (!id || !secret) {
    throw new Error(
      `LIVE_FORUMSITE_CLIENT_ID and LIVE_FORUMSITE_CLIENT_SECRET go together: ${id ? 'LIVE_FORUMSITE_CLIENT_SECRET' : 'LIVE_FORUMSITE_CLIENT_ID'} is not set`,
    );
  }
  return { id, secret };
}

export const forumsiteAdapter: LiveAdapter<
  '/v1/forumsite/community/posts' | '/v1/forumsite/community' | '/v1/forumsite/posts' | '/v1/forumsite/post/comments'
> = {
  family: 'forumsite',
  defaultBaseUrl: 'https://www.reddit.com',
  site: { source: 'Reddit', domain: 'reddit.com' },
  // The platform counts requests per 10-minute window: about 100 for the public JSON (10 a minute),
  // 1,000 with OAuth. 8 a minute after a burst of 10 is at most 90 in any window, and a pages=40
  // walk (10 requests) goes at once from a full bucket. With credentials an operator may raise
  // LIVE_FORUMSITE_REQUESTS_PER_MINUTE (to 90 or so).
  politeness: { requestsPerMinute: 8, burst: 10, concurrency: 2 },
  paths: [
    '/v1/forumsite/community/posts',
    '/v1/forumsite/community',
    '/v1/forumsite/posts',
    '/v1/forumsite/post/comments',
  ],
  probe: { path: '/v1/forumsite/community', query: { community: 'announcements' } },
  probes: [
    { path: '/v1/forumsite/community/posts', query: { community: 'announcements', sort_by: 'rising' } },
    { path: '/v1/forumsite/posts', query: { query: 'praw oauth search' } },
    { path: '/v1/forumsite/post/comments', query: { post_id: '3hahrw' } },
  ],
  retryAfterSeconds,
  createHandlers({ platform, env, log, site }) {
    const credentials = forumsiteCredentials(env);
    const client = new ForumsiteClient({
      platform,
      site,
      log,
      credentials,
      // With LIVE_FORUMSITE_URL set, the token and the API are both asked of that base.
      oauthBaseUrl: env.LIVE_FORUMSITE_URL ? undefined : OAUTH_BASE_URL,
    });
    return {
      '/v1/forumsite/posts': (params, signal) => search(client, { site, log }, params, signal),
      '/v1/forumsite/post/comments': (params, signal) => comments(client, { site, log }, params, signal),
      async '/v1/forumsite/community'(params, signal) {
        return { body: { community: await client.community(communityFrom(params), signal) }, pagesReturned: 1 };
      },
      async '/v1/forumsite/community/posts'(params, signal) {
        const community = communityFrom(params);
        const sortBy = params.sort_by;
        const walked = await client.posts(
          { community, sortBy, postedAgo: params.posted_ago, flair: params.flair, pages: params.pages },
          signal,
        );
        return {
          body: {
            posts: walked.posts,
            community,
            sort_by: sortBy,
            pages: walked.pagesReturned,
            count: walked.posts.length,
          },
          pagesReturned: walked.pagesReturned,
        };
      },
    };
  },
};

type Context = Parameters<typeof searchPosts>[1];

async function search(
  client: ForumsiteClient,
  context: Context,
  params: ParamsOf<'/v1/forumsite/posts'>,
  signal: AbortSignal,
): Promise<ProviderResult> {
  const { query, sort_by: sortBy, page, posted_ago: postedAgo } = params;
  const found = await searchPosts(client, context, { query, sortBy, postedAgo, page }, signal);
  return {
    body: {
      posts: found.posts,
      query,
      sort_by: sortBy,
      page,
      has_next_page: found.hasNextPage,
      count: found.posts.length,
    },
    pagesReturned: 1,
  };
}

async function comments(
  client: ForumsiteClient,
  context: Context,
  params: ParamsOf<'/v1/forumsite/post/comments'>,
  signal: AbortSignal,
): Promise<ProviderResult> {
  // The registry checked the url's /comments/<id> (or redd.it/<id>) form.
  const postId = params.post_id ?? POST_URL_PATTERN.exec(params.url ?? '')?.[1] ?? '';
  const id = postId.toLowerCase();
  const walked = await postComments(client, context, id, params.pages, signal);
  return {
    body: { comments: walked.comments, post_id: id, pages: walked.pagesReturned, count: walked.comments.length },
    pagesReturned: walked.pagesReturned,
  };
}
