// The contract between the live-data framework and a native adapter (see ./README.md).
// An adapter knows one platform's API: its paths, paging, errors and the mapping of its JSON to
// the spec's records. The framework gives it a PlatformClient that already does the politeness,
// the cache, the timeout and the common errors.
import type { LookupFunction } from 'node:net';
import type { DataPath } from '../../registry';
import type { Family } from '../../registry/types';
import type { LiveHandlers } from '../handlers';
import type { PlatformClient } from './platform-client';
import type { PolitenessLimits } from './politeness';
import type { EnvRecord } from '@/lib/env';

/**
 * One parameterised statement ($1, $2, …) on the service's database, for the adapters that keep
 * state there (the videosite quota count, the news articles). In the API process it is the
 * gateway's own pg pool; elsewhere (the console, tests) Prisma's (lib/db/prisma-sql.ts).
 */
export interface Sql {
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/** A platform's display name and domain: what its records carry as `source` and `domain`. */
export interface PlatformSite {
  source: string;
  domain: string;
}

/** What the framework hands an adapter when it builds its provider. */
interface LiveContext {
  /**
   * The `source` and `domain` every record of this provider carries: the adapter's `site` at this
   * base address, or the operator's FAMILY_<NAME>_SOURCE/_DOMAIN (./site.ts).
   */
  site: PlatformSite;
  /** The service's database (see Sql). */
  sql: Sql;
  /** Requests to the platform (LIVE_<FAMILY>_URL or the adapter's default base URL). */
  platform: PlatformClient;
  /** The process environment, for the adapter's own settings and credentials (never log them). */
  env: EnvRecord;
  /** Operator log lines (one line, no credentials, no customer data beyond the path). */
  log(message: string): void;
}

/** An adapter's handlers: one per path of P, or, for an adapter of any paths, some of them. */
type AdapterHandlers<P extends DataPath> = [DataPath] extends [P] ? Partial<LiveHandlers<DataPath>> : LiveHandlers<P>;

/**
 * A platform's adapter, generic over the paths it serves: its handlers are keyed by those paths
 * and each reads its endpoint's validated parameters (`ParamsOf`). Lists of adapters of any
 * family use the default, `LiveAdapter`.
 */
export interface LiveAdapter<P extends DataPath = DataPath> {
  family: Family;
  /** The platform's public base address, used unless LIVE_<FAMILY>_URL is set. */
  defaultBaseUrl: string;
  /**
   * Optional: the default base address for these settings when it depends on them (openmicro:
   * the account's server once credentials are set); `defaultBaseUrl` when it answers undefined.
   */
  defaultBaseUrlFor?(env: EnvRecord): string | undefined;
  /**
   * The platform's own display name and domain, which its records carry as `source` and `domain`
   * ({ source: 'Reddit', domain: 'reddit.com' }); the sandbox keeps the family's neutral ones. A
   * function of the base address when it depends on it (politicnet: the Mastodon server);
   * 'per-record' when each record names its own (news: the feed's outlet and host). Every adapter
   * declares it (a test checks the registered ones); it reaches createHandlers as `context.site`.
   */
  site?: PlatformSite | ((baseUrl: string) => PlatformSite) | 'per-record';
  politeness: PolitenessLimits;
  /** The /v1 paths this adapter serves; the family's other paths stay on the sandbox or upstream. */
  paths: readonly P[];
  /**
   * Optional: why a path of the family is not in `paths` (newsletter: no public platform endpoint
   * for it); /status shows the reason beside the path, which stays on the sandbox or upstream.
   */
  sandboxReasons?: Readonly<Partial<Record<DataPath, string>>>;
  /** One cheap call for `npm run console -- check-sources`: a path of `paths` and its raw query. */
  probe: { path: P; query: Readonly<Record<string, string>> };
  /** Optional: one cheap call for each other path of `paths`, so that check-sources checks every live endpoint. */
  probes?: readonly { path: P; query: Readonly<Record<string, string>> }[];
  /**
   * Seconds to wait after a platform 429, from its headers (default: Retry-After as seconds or an
   * HTTP date, else 1). Platforms that send their own reset header read it here.
   */
  retryAfterSeconds?(headers: Readonly<Record<string, string>>): number | undefined;
  /**
   * Optional: why these settings cannot call the platform (videosite: no API key). DATA_SOURCE=live
   * then leaves the family on its sandbox or upstream and /status shows the reason;
   * DATA_SOURCE_<FAMILY>=live is refused at start with it.
   */
  unavailableReason?(env: EnvRecord): string | undefined;
  /**
   * Optional: the platform counts a daily quota of units (the YouTube Data API), reset at midnight
   * in this zone. The adapter records its units (./quota.ts); /status shows the day's count.
   */
  dailyQuota?: { timeZone: string };
  /**
   * Optional: the DNS lookup of every connection to the platform at this base address (newsletter:
   * refuse private addresses, checked on the very lookup the connection uses).
   */
  connectLookup?(baseUrl: string): LookupFunction | undefined;
  /**
   * Builds the handlers once per process, one per path of `paths`, keyed by it; the framework
   * makes them the family's live provider (../index.ts).
   */
  createHandlers(context: LiveContext): AdapterHandlers<P>;
}
