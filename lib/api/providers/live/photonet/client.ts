// The Instagram Graph API call behind GET /v1/photonet/user: business discovery through the
// operator's own Instagram business account (LIVE_PHOTONET_BUSINESS_ID), with its access token:
//   GET /{version}/{business-id}?fields=business_discovery.username({name}){id,username,…}
// Statuses: 400 code 110 subcode 2207013 (no such business or creator account: a personal account,
// a private or unknown one) -> 404 not_found; throttling codes -> 429 upstream_rate_limit; other
// refusals (a bad token, code 190; a missing permission, 10/200) -> logged 502.
import { ProviderError } from '../../../registry/types';
import { GRAPH_VERSION, type GraphCall, graphFailure, graphGet } from '../meta-graph';
import { parsePayload } from '../payload';
import { businessDiscoverySchema, DISCOVERY_FIELDS, type DiscoveredUser } from './map';

/** Instagram usernames: letters, digits, periods and underscores, at most 30. */
const INSTAGRAM_USERNAME = /^[A-Za-z0-9._]{1,30}$/;

export const discoveryPath = (businessId: string) => `/${GRAPH_VERSION}/${encodeURIComponent(businessId)}`;
export const discoveryFields = (username: string) =>
  `business_discovery.username(${username}){${DISCOVERY_FIELDS.join(',')}}`;

/** The profile of a business or creator account; any other name is not_found. */
export async function discoverUser(call: GraphCall, businessId: string, username: string): Promise<DiscoveredUser> {
  const missing = `No photonet business or creator account ${username}`;
  // Anything else could not be an account, and would change the field expansion it is written into.
  if (!INSTAGRAM_USERNAME.test(username)) throw new ProviderError('not_found', missing);
  const page = await graphGet(call, discoveryPath(businessId), { fields: discoveryFields(username) });
  if (page.status !== 200) {
    throw graphFailure(call, page, {
      family: 'photonet',
      what: 'business_discovery',
      tokenSetting: 'LIVE_PHOTONET_ACCESS_TOKEN (and LIVE_PHOTONET_BUSINESS_ID)',
      missing,
      notFound: (error) => error.code === 110 || error.subcode === 2207013,
    });
  }
  return parsePayload(businessDiscoverySchema, page.body, {
    family: 'photonet',
    what: 'business_discovery',
    log: call.log,
  }).business_discovery;
}
