// The photonet live adapter: GET /v1/photonet/user from the Instagram Graph API's business
// discovery (LIVE_PHOTONET_URL, default https://graph.facebook.com), for an operator granted
// access: an app with instagram_basic (and business discovery), the operator's own Instagram
// business account id (LIVE_PHOTONET_BUSINESS_ID) and its access token (LIVE_PHOTONET_ACCESS_TOKEN).
// Without both the family stays on its sandbox or upstream and /status says what is missing.
// Only business and creator accounts can be discovered; any other answers 404 not_found as the
// spec's unknown user. The request: ./client.ts; the record: ./map.ts; docs/data-sources.md.
import { handleFromUrl } from '../../sandbox/people';
import { setting } from '../meta-graph';
import type { LiveAdapter } from '../types';
import { discoverUser } from './client';
import { toPhotonetUser } from './map';

const NO_PUBLIC_ENDPOINT =
  'the Instagram Graph API reaches other accounts only through business discovery (profile and media), not this';

export const photonetAdapter: LiveAdapter<'/v1/photonet/user'> = {
  family: 'photonet',
  defaultBaseUrl: 'https://graph.facebook.com',
  site: { source: 'Instagram', domain: 'instagram.com' },
  // Business discovery counts against the business account's use-case limit (about 4,800 calls a
  // day times its impressions); 30 a minute after a burst of 10 stays well inside it.
  politeness: { requestsPerMinute: 30, burst: 10, concurrency: 2 },
  paths: ['/v1/photonet/user'],
  sandboxReasons: {
    '/v1/photonet/comment/replies': NO_PUBLIC_ENDPOINT,
    '/v1/photonet/highlight/stories': NO_PUBLIC_ENDPOINT,
    '/v1/photonet/user/following': NO_PUBLIC_ENDPOINT,
  },
  // The replay answers it with the recorded Facebook for Developers account.
  probe: { path: '/v1/photonet/user', query: { username: 'facebookfordevelopers' } },
  unavailableReason(env) {
    const missing = ['LIVE_PHOTONET_ACCESS_TOKEN', 'LIVE_PHOTONET_BUSINESS_ID'].filter((n) => !setting(env, n));
    if (missing.length === 0) return undefined;
    return `${missing.join(' and ')} not set: the Instagram Graph API's business discovery needs an app granted instagram_basic with business discovery, the operator's own Instagram business account id and its access token`;
  },
  createHandlers({ platform, env, log, site }) {
    const token = setting(env, 'LIVE_PHOTONET_ACCESS_TOKEN');
    const businessId = setting(env, 'LIVE_PHOTONET_BUSINESS_ID');
    // resolveSources keeps the family off live without them; this guards any other caller.
    if (!token || !businessId) throw new Error('LIVE_PHOTONET_ACCESS_TOKEN and LIVE_PHOTONET_BUSINESS_ID are needed');
    return {
      async '/v1/photonet/user'(query, signal) {
        const username = query.username ?? handleFromUrl(query.url ?? '');
        const user = await discoverUser({ platform, token, signal, log }, businessId, username);
        return { body: { user: toPhotonetUser(user, site) }, pagesReturned: 1 };
      },
    };
  },
};
