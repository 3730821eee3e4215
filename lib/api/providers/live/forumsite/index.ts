// The forumsite family's native adapter: a community's posts and its details from the forum
// site's public JSON (Reddit's listings and about.json), optionally through app-only OAuth.
// Paths, paging and errors: ./client.ts; the records: ./map.ts; the field table:
// docs/data-sources.md.
import type { LiveAdapter } from '../types';
import { ForumsiteClient, OAUTH_BASE_URL, communityFrom } from './client';

/** The platform's rate-limit reset header (seconds), used when a 429 carries no Retry-After. */
function retryAfterSeconds(headers: Readonly<Record<string, string>>): number | undefined {
  for (const value of [headers['retry-after'], headers['x-ratelimit-reset']]) {
    if (value !== undefined && /^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value));
  }
  return undefined;
}

/** Both credentials or neither: one alone is a setting that cannot be honoured. */
export function forumsiteCredentials(
  env: Readonly<Record<string, string | undefined>>,
): { id: string; secret: string } | null {
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

export const forumsiteAdapter: LiveAdapter = {
  family: 'forumsite',
  defaultBaseUrl: 'https://www.reddit.com',
  site: { source: 'Reddit', domain: 'reddit.com' },
  // The platform counts requests per 10-minute window: about 100 for the public JSON (10 a minute),
  // 1,000 with OAuth. 8 a minute after a burst of 10 is at most 90 in any window, and a pages=40
  // walk (10 requests) goes at once from a full bucket. With credentials an operator may raise
  // LIVE_FORUMSITE_REQUESTS_PER_MINUTE (to 90 or so).
  politeness: { requestsPerMinute: 8, burst: 10, concurrency: 2 },
  paths: ['/v1/forumsite/community/posts', '/v1/forumsite/community'],
  probe: { path: '/v1/forumsite/community', query: { community: 'announcements' } },
  retryAfterSeconds,
  createProvider({ platform, env, log, site }) {
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
      async call(endpoint, params, signal) {
        const community = communityFrom(params);
        if (endpoint.path === '/v1/forumsite/community') {
          return { body: { community: await client.community(community, signal) }, pagesReturned: 1 };
        }
        const sortBy = typeof params.sort_by === 'string' ? params.sort_by : 'hot';
        const walked = await client.posts(
          {
            community,
            sortBy,
            postedAgo: typeof params.posted_ago === 'string' ? params.posted_ago : undefined,
            flair: typeof params.flair === 'string' ? params.flair : undefined,
            pages: Number(params.pages ?? 1),
          },
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
