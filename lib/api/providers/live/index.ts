// Builds a family's live provider: its PlatformClient (base address, User-Agent, timeout,
// politeness in memory or through Redis, the process's page cache) handed to the adapter.
import { Redis } from 'ioredis';
import { z } from 'zod';
import { liveEnvShape } from '@/lib/env';
import { logger } from '@/lib/observability/logger';
import { type Provider, ProviderError } from '../../registry/types';
import { handlerAt } from '../handlers';
import { PageCache } from './page-cache';
import { PlatformClient } from './platform-client';
import { LocalPoliteness, RedisPoliteness, type Politeness, type PolitenessLimits } from './politeness';
import { liveSiteFor } from './site';
import type { LiveAdapter, Sql } from './types';
import type { EnvRecord } from '@/lib/env';

const liveSettings = z.object({
  ...liveEnvShape,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  REDIS_URL: z.url().optional(),
});

export function readLiveSettings(env: EnvRecord) {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '' && v !== undefined));
  return liveSettings.parse(present);
}

/** What the live providers of one process share: the page cache, the Redis connection, the database. */
export interface LiveShared {
  cache: PageCache;
  sql: Sql;
  redis: Redis | null;
  log(message: string): void;
  close(): Promise<void>;
}

// The API process never loads the Prisma client: a process whose adapters keep state in the
// database hands them its pool (the API server) or Prisma's (lib/db/prisma-sql.ts).
const noDatabase: Sql = {
  query() {
    return Promise.reject(new Error('No database was handed to the live providers (createProviderResolver: sql)'));
  },
};

export function createLiveShared(
  env: EnvRecord,
  log: (message: string) => void = (m) => logger.warn(m),
  sql: Sql = noDatabase,
): LiveShared {
  const settings = readLiveSettings(env);
  const cache = new PageCache({
    ttlSeconds: settings.LIVE_CACHE_SECONDS,
    maxBytes: settings.LIVE_CACHE_MAX_MB * 1024 * 1024,
  });
  const redis = settings.REDIS_URL
    ? new Redis(settings.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true })
    : null;
  return {
    cache,
    sql,
    redis,
    log,
    async close() {
      await redis?.quit().catch(() => {});
    },
  };
}

export interface LiveSource {
  provider: Provider;
  platform: PlatformClient;
}

const limit = z.coerce.number().int().min(1).optional();

/**
 * The adapter's politeness, unless the operator set LIVE_<FAMILY>_REQUESTS_PER_MINUTE, _BURST or
 * _CONCURRENCY (an account with a higher allowance, a self-hosted server, the benchmark).
 */
export function politenessFor(adapter: LiveAdapter, env: EnvRecord): PolitenessLimits {
  const name = `LIVE_${adapter.family.toUpperCase()}`;
  const read = (suffix: string) => {
    const value = env[`${name}_${suffix}`];
    const parsed = limit.safeParse(value === '' ? undefined : value);
    if (!parsed.success) throw new Error(`${name}_${suffix} must be a whole number of at least 1, not '${value}'`);
    return parsed.data;
  };
  return {
    requestsPerMinute: read('REQUESTS_PER_MINUTE') ?? adapter.politeness.requestsPerMinute,
    burst: read('BURST') ?? adapter.politeness.burst,
    concurrency: read('CONCURRENCY') ?? adapter.politeness.concurrency,
  };
}

export function createLiveSource(
  adapter: LiveAdapter,
  baseUrl: string,
  env: EnvRecord,
  shared: LiveShared,
): LiveSource {
  const settings = readLiveSettings(env);
  const limits = politenessFor(adapter, env);
  const options = { family: adapter.family, limits, maxWaitMs: settings.LIVE_MAX_WAIT_MS };
  const politeness: Politeness = shared.redis
    ? new RedisPoliteness(shared.redis, options)
    : new LocalPoliteness(options);
  const platform = new PlatformClient({
    family: adapter.family,
    baseUrl,
    userAgent: settings.LIVE_USER_AGENT,
    timeoutMs: settings.UPSTREAM_TIMEOUT_MS,
    politeness,
    cache: shared.cache,
    log: shared.log,
    retryAfterSeconds: adapter.retryAfterSeconds,
    connections: limits.concurrency,
    lookup: adapter.connectLookup?.(baseUrl),
  });
  const site = liveSiteFor(adapter, baseUrl, env);
  const handlers = adapter.createHandlers({ platform, env, log: shared.log, sql: shared.sql, site });
  const provider: Provider = {
    async call(endpoint, params, signal) {
      const handler = handlerAt(handlers, endpoint.path);
      if (!handler) throw new ProviderError('upstream_error', `No live handler for ${endpoint.path}`);
      return handler(params, signal);
    },
  };
  return { provider, platform };
}
