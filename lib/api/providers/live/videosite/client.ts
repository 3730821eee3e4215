// The YouTube Data API v3 request behind GET /v1/videosite/channel: channels.list with the parts
// snippet, statistics and brandingSettings, by id, forHandle or forUsername, with the operator's
// API key. What each `url` form and `name` is looked up by, and what Google's errors mean.
import type { ParamsOf } from '../../../registry';
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient } from '../platform-client';
import { nextQuotaDayStart } from '../quota';
import { channelListSchema, errorReasons, type YoutubeChannel } from './map';

export const CHANNELS_PATH = '/youtube/v3/channels';
export const CHANNEL_PARTS = 'snippet,statistics,brandingSettings';
/** The Data API's daily quota resets at midnight Pacific time. */
export const QUOTA_TIME_ZONE = 'America/Los_Angeles';
/** channels.list costs 1 unit whatever the parts (the Data API's quota table). */
const UNITS_PER_REQUEST = 1;
/** Wait after a per-minute limit (rateLimitExceeded), which Google sends without a Retry-After. */
const RATE_LIMIT_WAIT_SECONDS = 60;

export type ChannelLookup = { id: string } | { forHandle: string } | { forUsername: string };
/** The endpoint's parsed parameters: exactly one of them is set. */
type ChannelParams = ParamsOf<'/v1/videosite/channel'>;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Legacy YouTube usernames (forUsername) are letters and digits only. */
const USERNAME = /^[A-Za-z0-9]+$/;

/**
 * The lookups to try, in order, for the call's identifier (the first that finds a channel wins):
 * - `id`, a /channel/<id> URL: id=
 * - an @handle URL, a `name` starting with @: forHandle=
 * - a /user/<name> URL: forUsername=
 * - a /c/<name> URL (custom URLs have no lookup in the API): forHandle=@<name>, since most custom
 *   URLs became the channel's handle in 2022, then forUsername=<name> for the old ones that were a username
 * - any other `name`: the same two; a display name with spaces has neither, and is not found.
 */
export function lookupsFor(params: ChannelParams): ChannelLookup[] {
  if (params.id) return [{ id: params.id }];
  if (params.url) {
    const path = params.url.replace(/^(?:https?:\/\/)?[^\s/?#]+\//i, '');
    const byId = /^channel\/(UC[A-Za-z0-9_-]{22})/i.exec(path);
    if (byId) return [{ id: byId[1]! }];
    const [, kind, segment] = /^(@|c\/|user\/)([^\s/?#]+)/i.exec(path) ?? [];
    const name = decoded(segment ?? '');
    if (kind === '@') return [{ forHandle: `@${name}` }];
    if (kind?.toLowerCase() === 'user/') return [{ forUsername: name }];
    return nameLookups(name);
  }
  const name = params.name ?? '';
  return name.startsWith('@') ? [{ forHandle: name }] : nameLookups(name);
}

function nameLookups(name: string): ChannelLookup[] {
  if (!name || /\s/.test(name)) return [];
  return USERNAME.test(name) ? [{ forHandle: `@${name}` }, { forUsername: name }] : [{ forHandle: `@${name}` }];
}

/** The channel an answer holds for the lookup (an answer for one id or handle holds at most one). */
function channelFor(items: readonly YoutubeChannel[], lookup: ChannelLookup): YoutubeChannel | undefined {
  if ('id' in lookup) return items.find((item) => item.id === lookup.id);
  if ('forHandle' in lookup) {
    const handle = lookup.forHandle.toLowerCase();
    return items.find((item) => item.snippet.customUrl?.toLowerCase() === handle) ?? items[0];
  }
  return items[0];
}

export interface ChannelCall {
  platform: PlatformClient;
  apiKey: string;
  signal: AbortSignal;
  log(message: string): void;
  /** Counts units of the daily quota spent by a request the platform answered. */
  spend(units: number): Promise<void>;
}

// Google's error reasons (errors[].reason, or ErrorInfo's details[].reason) by what they mean here.
const QUOTA_SPENT = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const RATE_LIMITED = new Set(['rateLimitExceeded', 'userRateLimitExceeded', 'RATE_LIMIT_EXCEEDED']);
const KEY_REFUSED = new Set([
  'keyInvalid',
  'keyExpired',
  'API_KEY_INVALID',
  'API_KEY_EXPIRED',
  'accessNotConfigured',
  'SERVICE_DISABLED',
  'ipRefererBlocked',
  'API_KEY_SERVICE_BLOCKED',
  'API_KEY_HTTP_REFERRER_BLOCKED',
  'API_KEY_IP_ADDRESS_BLOCKED',
]);
const CHANNEL_GONE = new Set(['channelNotFound', 'channelForbidden']);

/** The Data API's daily quota is spent: a 429 until the next quota day begins (midnight Pacific time). */
export class QuotaSpentError extends ProviderError {
  readonly resetsAt: Date;

  constructor(now: Date) {
    const resetsAt = nextQuotaDayStart(now, QUOTA_TIME_ZONE);
    const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    super(
      'upstream_rate_limit',
      `The videosite platform's daily quota is spent; retry after ${seconds} s (midnight Pacific time)`,
      seconds,
    );
    this.resetsAt = resetsAt;
  }
}

function notFound(lookup: ChannelLookup): ProviderError {
  const [how, value] = Object.entries(lookup)[0]!;
  return new ProviderError('channel_not_found', `No videosite channel for ${how} '${value}'`);
}

/** What a refused request was for: its path, and the error its "not found" reasons (or a 404) mean. */
export interface RefusedRequest {
  path: string;
  /** Google's reasons that mean the thing asked for does not exist (channelNotFound, videoNotFound, ...). */
  gone: ReadonlySet<string>;
  notFound(): ProviderError;
}

/** A 400, 403 or 404 from the Data API as this service's error. Never logs the key itself. */
export function refusal(call: ChannelCall, status: number, body: unknown, request: RefusedRequest): ProviderError {
  const reasons = errorReasons(body);
  const reason = reasons[0] ?? 'no reason given';
  const where = `live videosite: GET ${request.path}`;
  if (status === 404 || reasons.some((r) => request.gone.has(r))) return request.notFound();
  if (reasons.some((r) => QUOTA_SPENT.has(r))) {
    const error = new QuotaSpentError(new Date());
    call.log(
      `${where}: the API key's project spent its daily quota (403 ${reason}); answering 429 for ${error.retryAfterSeconds} s, until midnight Pacific time`,
    );
    return error;
  }
  if (reasons.some((r) => RATE_LIMITED.has(r))) {
    call.log(`${where}: per-minute limit reached (${status} ${reason}), pausing ${RATE_LIMIT_WAIT_SECONDS} s`);
    return new ProviderError(
      'upstream_rate_limit',
      `The videosite platform is limiting requests; retry after ${RATE_LIMIT_WAIT_SECONDS} s`,
      RATE_LIMIT_WAIT_SECONDS,
    );
  }
  if (reasons.some((r) => KEY_REFUSED.has(r))) {
    call.log(
      `${where}: the API refused LIVE_VIDEOSITE_API_KEY (${status} ${reasons.join(', ')}): the key is wrong, expired, restricted, or its project has not enabled the YouTube Data API v3 (upstream_error)`,
    );
  } else {
    call.log(`${where}: the API refused the request (${status} ${reason}) (upstream_error)`);
  }
  return new ProviderError('upstream_error', `The videosite platform answered ${status}`);
}

/** One channels.list request; the channel, or undefined when none matched. */
async function listChannel(call: ChannelCall, lookup: ChannelLookup): Promise<YoutubeChannel | undefined> {
  const page = await call.platform.request({
    path: CHANNELS_PATH,
    query: { part: CHANNEL_PARTS, ...lookup, key: call.apiKey },
    accept: [400, 403, 404],
    signal: call.signal,
  });
  // Every request YouTube answers costs its units, errors included; the cache's answers cost nothing.
  if (!page.fromCache && !page.joined) await call.spend(UNITS_PER_REQUEST);
  if (page.status !== 200)
    throw refusal(call, page.status, page.body, {
      path: CHANNELS_PATH,
      gone: CHANNEL_GONE,
      notFound: () => notFound(lookup),
    });
  const list = parsePayload(channelListSchema, page.body, {
    family: 'videosite',
    what: 'channels.list',
    log: call.log,
  });
  return channelFor(list.items ?? [], lookup);
}

/** The channel for the call's identifier, trying its lookups in order; none: 404 channel_not_found. */
export async function findChannel(
  call: ChannelCall,
  lookups: readonly ChannelLookup[],
  asked: string,
): Promise<YoutubeChannel> {
  for (const lookup of lookups) {
    const channel = await listChannel(call, lookup);
    if (!channel) continue;
    // An answer by handle or username lacking a part asked for (statistics, brandingSettings) is
    // asked again by the channel's id, so that every identifier answers the same record.
    if ('id' in lookup || (channel.statistics && channel.brandingSettings)) return channel;
    return (await listChannel(call, { id: channel.id })) ?? channel;
  }
  throw new ProviderError('channel_not_found', `No videosite channel for '${asked}'`);
}
