// The Mastodon REST API calls behind GET /v1/politicnet/user/posts: the account's id from
// /api/v1/accounts/lookup, then its statuses 20 at a time, newest first, walking max_id.
import { ProviderError } from '../../../registry/types';
import { parsePayload } from '../payload';
import type { PlatformClient } from '../platform-client';
import { mastodonAccountSchema, mastodonStatusesSchema, type MastodonAccount, type MastodonStatus } from './map';

/** The spec's page size; Mastodon's default and within its maximum of 40. */
const STATUSES_PER_PAGE = 20;

interface Call {
  platform: PlatformClient;
  signal: AbortSignal;
  log(message: string): void;
}

// Mastodon answers 404 "Record not found" for an unknown account; servers before 3.3 answered
// 410 for a suspended one, later ones an Account with `suspended: true`.
const GONE = [404, 410];

function unknownUser(username: string): ProviderError {
  return new ProviderError('not_found', `No politicnet user @${username}`);
}

/** The account behind a username (`name` or `name@instance`); unknown or suspended: not_found. */
export async function lookupAccount(call: Call, username: string): Promise<MastodonAccount> {
  const page = await call.platform.request({
    path: '/api/v1/accounts/lookup',
    query: { acct: username },
    accept: GONE,
    signal: call.signal,
  });
  if (GONE.includes(page.status)) throw unknownUser(username);
  const account = parsePayload(mastodonAccountSchema, page.body, {
    family: 'politicnet',
    what: 'accounts/lookup',
    log: call.log,
  });
  if (account.suspended) throw unknownUser(username);
  return account;
}

export interface StatusesPage {
  statuses: MastodonStatus[];
  /** The max_id of the next page, or null when the account has no older statuses. */
  nextMaxId: string | null;
}

/**
 * The next page's max_id. Mastodon's Link header names it (rel="next") only when this page was
 * full; without a Link header at all (a proxy may drop it), a full page continues from its last id.
 */
export function nextMaxIdOf(link: string | undefined, statuses: readonly MastodonStatus[]): string | null {
  if (link === undefined) return statuses.length === STATUSES_PER_PAGE ? (statuses.at(-1)?.id ?? null) : null;
  const next = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link);
  if (!next) return null;
  try {
    return new URL(next[1]!).searchParams.get('max_id');
  } catch {
    return null;
  }
}

/** One page of an account's statuses, replies included and boosts left out. */
export async function fetchStatusesPage(
  call: Call,
  account: MastodonAccount,
  username: string,
  maxId: string | undefined,
): Promise<StatusesPage> {
  const page = await call.platform.request({
    path: `/api/v1/accounts/${encodeURIComponent(account.id)}/statuses`,
    query: { limit: STATUSES_PER_PAGE, exclude_reblogs: true, max_id: maxId },
    accept: GONE,
    signal: call.signal,
  });
  // The account went away between the lookup and this page.
  if (GONE.includes(page.status)) throw unknownUser(username);
  const statuses = parsePayload(mastodonStatusesSchema, page.body, {
    family: 'politicnet',
    what: 'accounts/:id/statuses',
    log: call.log,
  });
  return { statuses, nextMaxId: nextMaxIdOf(page.headers.link, statuses) };
}

/**
 * Seconds to wait after Mastodon's 429: its Retry-After when a proxy adds one (the framework
 * reads it), else until its X-RateLimit-Reset (an ISO 8601 time), at least 1.
 */
export function retryAfterFromReset(headers: Readonly<Record<string, string>>, now = Date.now()): number | undefined {
  if (headers['retry-after']) return undefined;
  const reset = Date.parse(headers['x-ratelimit-reset'] ?? '');
  if (Number.isNaN(reset)) return undefined;
  return Math.max(1, Math.ceil((reset - now) / 1000));
}
