// The newsletter live adapter: Substack's public JSON endpoints, no credentials.
// GET /v1/newsletter/publication = the publication host's archive (its newest post), then that post
// on substack.com, whose `publication` object is mapped. users, notes and category/feed have no
// public Substack endpoint of the same meaning in the clients we follow (their search endpoints
// need a signed-in reader), so they stay on the sandbox or upstream and /status says why.
import { ProviderError } from '../../../registry/types';
import type { LiveAdapter } from '../types';
import {
  SUBSTACK_BASE,
  assertPublicHost,
  newestPostId,
  publicAddressLookup,
  publicationHost,
  publicationOfPost,
  unknownPublication,
} from './client';
import { toNewsletterPublication } from './map';

/**
 * Where a publication's own API is asked: https://<host> on Substack; under another
 * LIVE_NEWSLETTER_URL (a proxy, the replay server), <that URL>/<host>.
 */
function publicationBaseUrl(platformBaseUrl: string, host: string): string {
  return platformBaseUrl === SUBSTACK_BASE ? `https://${host}` : `${platformBaseUrl}/${host}`;
}

export const newsletterAdapter: LiveAdapter<'/v1/newsletter/publication'> = {
  family: 'newsletter',
  defaultBaseUrl: SUBSTACK_BASE,
  // A publication on its own custom domain is still a Substack publication.
  site: { source: 'Substack', domain: 'substack.com' },
  // Substack publishes no limit and answers 429 to fast clients; NHagar/substack_api sleeps 2 s
  // between pages. 30 a minute (a call is two requests), a burst of 6, two at a time.
  politeness: { requestsPerMinute: 30, burst: 6, concurrency: 2 },
  paths: ['/v1/newsletter/publication'],
  sandboxReasons: {
    '/v1/newsletter/users': 'Substack has no public profile search (its clients read one profile by handle)',
    '/v1/newsletter/notes': 'Substack has no public notes search (its clients read one profile\u2019s notes)',
    '/v1/newsletter/category/feed':
      'Substack\u2019s public category endpoint lists publications, not the notes and posts this endpoint returns',
  },
  probe: { path: '/v1/newsletter/publication', query: { publication: 'slys' } },
  // On Substack itself, every connection is made to addresses checked public by its own lookup, so a
  // custom domain cannot resolve public for the check and private for the connection. Another
  // LIVE_NEWSLETTER_URL (a proxy, the replay server) is the operator's choice and may be private.
  connectLookup: (baseUrl) => (baseUrl === SUBSTACK_BASE ? publicAddressLookup() : undefined),
  createHandlers({ platform, log, site }) {
    return {
      async '/v1/newsletter/publication'(query, signal) {
        if (!query.publication) {
          throw new ProviderError(
            'invalid_parameter',
            "Invalid parameter 'publication': the live newsletter source finds a publication by its host; give publication (publication_id alone cannot be looked up)",
          );
        }
        const host = publicationHost(query.publication);
        if (!host) throw unknownPublication(`at '${query.publication}'`);
        if (platform.baseUrl === SUBSTACK_BASE) await assertPublicHost(host);
        const call = { platform, signal, log };
        const postId = await newestPostId(call, host, publicationBaseUrl(platform.baseUrl, host));
        const publication = await publicationOfPost(call, postId, host);
        // Both given: the ID decides, so a host of another publication is not that publication.
        if (query.publication_id !== undefined && String(publication.id) !== query.publication_id) {
          throw unknownPublication(`${query.publication_id} at ${host}`);
        }
        return {
          body: { publication: toNewsletterPublication(publication, site) },
          pagesReturned: 1,
        };
      },
    };
  },
};
