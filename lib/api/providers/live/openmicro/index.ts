// openmicro: the AT Protocol network, post search through app.bsky.feed.searchPosts.
// Without credentials the public AppView is asked; with LIVE_OPENMICRO_IDENTIFIER and
// LIVE_OPENMICRO_PASSWORD the account's server (the entryway by default), which passes the
// search on to the AppView. LIVE_OPENMICRO_URL replaces either.
import { parseRetryAfter } from '../platform-client';
import type { LiveAdapter } from '../types';
import { searchPosts } from './client';
import { AccountSession, credentialsOf } from './session';

/**
 * Seconds to wait after a 429: Retry-After when sent, else the RateLimit-Reset header (the epoch
 * second the window reopens) less now.
 */
export function retryAfterOf(headers: Readonly<Record<string, string>>, now = Date.now()): number | undefined {
  const retryAfter = parseRetryAfter(headers['retry-after'], now);
  if (retryAfter !== undefined) return retryAfter;
  const reset = Number(headers['ratelimit-reset']);
  if (!headers['ratelimit-reset'] || !Number.isFinite(reset)) return undefined;
  return Math.max(1, Math.ceil(reset - now / 1000));
}

export const openmicroAdapter: LiveAdapter<'/v1/openmicro/posts'> = {
  family: 'openmicro',
  defaultBaseUrl: 'https://public.api.bsky.app',
  // Posts and profiles link to the network's web app (map.ts WEB_APP), whatever server is asked.
  site: { source: 'Bluesky', domain: 'bsky.app' },
  defaultBaseUrlFor: (env) => (credentialsOf(env) ? 'https://bsky.social' : undefined),
  // The AppView allows 3000 requests per 5 minutes per address (600 a minute): half of it.
  politeness: { requestsPerMinute: 300, burst: 30, concurrency: 4 },
  paths: ['/v1/openmicro/posts'],
  probe: { path: '/v1/openmicro/posts', query: { query: 'redistricting' } },
  retryAfterSeconds: (headers) => retryAfterOf(headers),
  createHandlers({ platform, env, log, site }) {
    const session = new AccountSession(platform, credentialsOf(env), log);
    return {
      '/v1/openmicro/posts': (query, signal) => searchPosts({ platform, session, log, site }, query, signal),
    };
  },
};
