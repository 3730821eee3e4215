// The Facebook Graph API call behind GET /v1/socialnet/page/videos, with the operator's access
// token (an app granted Page Public Content Access, or a token of the page itself):
//   GET /{version}/{page-id}/videos?fields=id,created_time,…&limit=25[&after=…]
// Statuses: 400 code 100 "Object does not exist" (subcode 33 or none), or code 803 (no such
// page, or one the token cannot see) ->
// 404 not_found; throttling codes -> 429 upstream_rate_limit; other refusals -> logged 502.
import { ProviderError } from '../../../registry/types';
import { GRAPH_VERSION, type GraphCall, graphFailure, graphGet } from '../meta-graph';
import { parsePayload } from '../payload';
import { pageVideosSchema, VIDEO_FIELDS } from './map';

/** Videos per page asked of the API (its default). */
const VIDEOS_PAGE_SIZE = 25;

/** Page ids are numbers; a page's name (vanity) is letters, digits and periods. */
const PAGE_ID = /^[A-Za-z0-9.]{1,100}$/;

export const videosPath = (pageId: string) => `/${GRAPH_VERSION}/${encodeURIComponent(pageId)}/videos`;
export const videosQuery = (after?: string) => ({
  fields: VIDEO_FIELDS.join(','),
  limit: String(VIDEOS_PAGE_SIZE),
  ...(after === undefined ? {} : { after }),
});

/** One page of a page's videos from the cursor `after`. */
export async function fetchVideos(call: GraphCall, pageId: string, after: string | undefined) {
  const missing = `No socialnet page ${pageId}`;
  if (!PAGE_ID.test(pageId)) throw new ProviderError('not_found', missing);
  const page = await graphGet(call, videosPath(pageId), videosQuery(after));
  if (page.status !== 200) {
    throw graphFailure(call, page, {
      family: 'socialnet',
      what: '{page-id}/videos',
      tokenSetting: 'LIVE_SOCIALNET_ACCESS_TOKEN',
      missing,
      // "Object does not exist, cannot be loaded due to missing permission…" (code 100, subcode 33
      // or none) is a page this token cannot see: the spec's unknown page. Other code 100s (a token
      // without app secret proof, say) are the operator's to fix.
      notFound: (error) =>
        error.code === 803 || (error.code === 100 && (error.subcode === 33 || /does not exist/i.test(error.message))),
    });
  }
  return parsePayload(pageVideosSchema, page.body, { family: 'socialnet', what: '{page-id}/videos', log: call.log });
}
