// The textthreads live adapter: GET /v1/textthreads/user/posts from the Threads API's profile
// discovery (LIVE_TEXTTHREADS_URL, default https://graph.threads.net), for an operator granted
// threads_profile_discovery (LIVE_TEXTTHREADS_ACCESS_TOKEN); without it the family stays on its
// sandbox or upstream and /status says so. `pages=N` follows the `after` cursor, 35 posts a page;
// the pages that returned posts are billed. The request: ./client.ts; the record: ./map.ts; the
// field table: docs/data-sources.md.
import { setting } from '../meta-graph';
import { walkPages } from '../paging';
import type { LiveAdapter } from '../types';
import { fetchProfilePosts } from './client';
import { toTextthreadsPost } from './map';

export const textthreadsAdapter: LiveAdapter<'/v1/textthreads/user/posts'> = {
  family: 'textthreads',
  defaultBaseUrl: 'https://graph.threads.net',
  site: { source: 'Threads', domain: 'threads.com' },
  // Profile discovery allows 1,000 requests per rolling 24 hours: 30 a minute after a burst of 10
  // keeps a single caller from spending the day's allowance in one burst.
  politeness: { requestsPerMinute: 30, burst: 10, concurrency: 2 },
  paths: ['/v1/textthreads/user/posts'],
  // The replay answers it with Meta's documented example (no recording exists).
  probe: { path: '/v1/textthreads/user/posts', query: { username: 'threadsapitestuser' } },
  unavailableReason: (env) =>
    setting(env, 'LIVE_TEXTTHREADS_ACCESS_TOKEN')
      ? undefined
      : "LIVE_TEXTTHREADS_ACCESS_TOKEN is not set: the Threads API reads other profiles only with an app granted threads_basic and threads_profile_discovery (advanced access for accounts other than Meta's own)",
  createHandlers({ platform, env, log, site }) {
    const token = setting(env, 'LIVE_TEXTTHREADS_ACCESS_TOKEN');
    // resolveSources keeps the family off live without a token; this guards any other caller.
    if (!token) throw new Error('LIVE_TEXTTHREADS_ACCESS_TOKEN is not set');
    return {
      async '/v1/textthreads/user/posts'(query, signal) {
        const call = { platform, token, signal, log };
        const walked = await walkPages(query.pages ?? 1, async (after) => {
          const page = await fetchProfilePosts(call, query.username, after);
          return { records: page.posts.map((p) => toTextthreadsPost(p, query.username, site)), next: page.next };
        });
        return {
          body: { posts: walked.records, pages: walked.pagesReturned, count: walked.records.length },
          pagesReturned: walked.pagesReturned,
        };
      },
    };
  },
};
