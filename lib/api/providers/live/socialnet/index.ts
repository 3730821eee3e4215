// The socialnet live adapter: GET /v1/socialnet/page/videos from the Facebook Graph API's page
// videos edge (LIVE_SOCIALNET_URL, default https://graph.facebook.com), for an operator granted
// Page Public Content Access (LIVE_SOCIALNET_ACCESS_TOKEN); without it the family stays on its
// sandbox or upstream and /status says so. `pages=N` follows the edge's `after` cursor; the pages
// that returned videos are billed. The request: ./client.ts; the record: ./map.ts; the field
// table: docs/data-sources.md.
import { nextCursor, setting } from '../meta-graph';
import { walkPages } from '../paging';
import type { LiveAdapter } from '../types';
import { fetchVideos } from './client';
import { toSocialnetPageVideo } from './map';

const NO_GRAPH_ENDPOINT = 'the Graph API has no public endpoint for this (groups and place search are closed to apps)';

export const socialnetAdapter: LiveAdapter<'/v1/socialnet/page/videos'> = {
  family: 'socialnet',
  defaultBaseUrl: 'https://graph.facebook.com',
  site: { source: 'Facebook', domain: 'facebook.com' },
  // Page Public Content Access is limited per app and per page (200 calls an hour per user of the
  // app, more by impressions); 30 a minute after a burst of 15 (one pages=15 call).
  politeness: { requestsPerMinute: 30, burst: 15, concurrency: 2 },
  paths: ['/v1/socialnet/page/videos'],
  sandboxReasons: {
    '/v1/socialnet/locations': NO_GRAPH_ENDPOINT,
    '/v1/socialnet/group': NO_GRAPH_ENDPOINT,
    '/v1/socialnet/group/search': NO_GRAPH_ENDPOINT,
  },
  // The replay answers it with the recorded Facebook for Developers page videos.
  probe: { path: '/v1/socialnet/page/videos', query: { delegate_page_id: '19292868552' } },
  unavailableReason: (env) =>
    setting(env, 'LIVE_SOCIALNET_ACCESS_TOKEN')
      ? undefined
      : "LIVE_SOCIALNET_ACCESS_TOKEN is not set: the Graph API's page videos need an app granted Page Public Content Access (or a page's own token)",
  createHandlers({ platform, env, log, site }) {
    const token = setting(env, 'LIVE_SOCIALNET_ACCESS_TOKEN');
    // resolveSources keeps the family off live without a token; this guards any other caller.
    if (!token) throw new Error('LIVE_SOCIALNET_ACCESS_TOKEN is not set');
    return {
      async '/v1/socialnet/page/videos'(query, signal) {
        const call = { platform, token, signal, log };
        const walked = await walkPages(query.pages ?? 1, async (after) => {
          const page = await fetchVideos(call, query.delegate_page_id, after);
          return { records: page.data.map((v) => toSocialnetPageVideo(v, site)), next: nextCursor(page.paging) };
        });
        return {
          body: { videos: walked.records, count: walked.records.length, pages: walked.pagesReturned },
          pagesReturned: walked.pagesReturned,
        };
      },
    };
  },
};
