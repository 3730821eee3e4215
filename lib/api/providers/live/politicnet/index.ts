// The politicnet live adapter: any Mastodon server (LIVE_POLITICNET_URL) through its public REST
// API, no credentials. GET /v1/politicnet/user/posts = accounts/lookup, then accounts/:id/statuses
// 20 per page walking max_id; the family's other paths stay on the sandbox or its upstream.
import { walkPages } from '../paging';
import { siteDomainOf } from '../site';
import type { LiveAdapter, PlatformSite } from '../types';
import { fetchStatusesPage, lookupAccount, retryAfterFromReset } from './client';
import { toPoliticnetPost } from './map';

/** Truth Social on its own server; any other Mastodon server is Mastodon at that server's domain. */
export function politicnetSite(baseUrl: string): PlatformSite {
  const domain = siteDomainOf(baseUrl);
  return { source: domain === 'truthsocial.com' ? 'Truth Social' : 'Mastodon', domain };
}

export const politicnetAdapter: LiveAdapter<'/v1/politicnet/user/posts'> = {
  family: 'politicnet',
  defaultBaseUrl: 'https://mastodon.social',
  site: politicnetSite,
  // Mastodon's defaults per IP: 300 API requests per 5 minutes, and 300 paging requests (max_id)
  // per 15 minutes. A burst of 21 (one pages=20 call: the lookup and 20 pages), then 18 a minute,
  // stays under both (21 + 18 x 15 = 291).
  politeness: { requestsPerMinute: 18, burst: 21, concurrency: 4 },
  paths: ['/v1/politicnet/user/posts'],
  probe: { path: '/v1/politicnet/user/posts', query: { username: 'Mastodon' } },
  retryAfterSeconds: (headers) => retryAfterFromReset(headers),
  createHandlers({ platform, log, site }) {
    return {
      async '/v1/politicnet/user/posts'(query, signal) {
        const call = { platform, signal, log };
        const account = await lookupAccount(call, query.username);
        const walked = await walkPages(query.pages ?? 1, async (maxId) => {
          const page = await fetchStatusesPage(call, account, query.username, maxId);
          // Boosts are asked away (exclude_reblogs); one a server sends anyway is not the user's post.
          const own = page.statuses.filter((status) => status.reblog === null);
          return { records: own.map((status) => toPoliticnetPost(status, site)), next: page.nextMaxId };
        });
        return {
          body: {
            posts: walked.records,
            username: query.username,
            pages: walked.pagesReturned,
            count: walked.records.length,
          },
          pagesReturned: walked.pagesReturned,
        };
      },
    };
  },
};
