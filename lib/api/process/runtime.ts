// Builds the gateway and everything it needs from the environment. Shared by the production
// API server (main.ts) and the Next route that mounts the gateway in development.
import cluster from 'node:cluster';
import { Redis } from 'ioredis';
import pg from 'pg';
import { env, envRecord } from '@/lib/env';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { logError, logger } from '@/lib/observability/logger';
import { analyzeSentiment } from '@/lib/sentiment';
import { buildOpenApiDocument } from '../openapi';
import { createProviderResolver } from '../providers';
import { AuthDirectory } from '../gateway/auth-directory';
import { ClusterLimiter } from '../gateway/cluster-limiter';
import { LocalLimiter, RedisLimiter, type ConcurrencyLimiter } from '../gateway/concurrency';
import { createGateway, type Gateway } from '../gateway/gateway';
import type { SentimentAnalyzer } from '../gateway/call-endpoint';
import type { EndpointDefinition, Provider } from '../registry/types';
import { UsageRecorder } from '../gateway/usage-recorder';
import { holdLeaseMs } from '../gateway/hold-lease';

export interface ApiRuntime {
  gateway: Gateway;
  pool: pg.Pool;
  /** Counts requests in flight, exactly across the API's workers and instances (the gateway's too). */
  limiter: ConcurrencyLimiter;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  databaseUrl?: string;
  redisUrl?: string;
  timeoutMs?: number;
  /** Replace the providers (tests). */
  providerFor?: (endpoint: EndpointDefinition) => Provider;
  analyze?: SentimentAnalyzer;
}

export async function createApiRuntime(options: RuntimeOptions = {}): Promise<ApiRuntime> {
  const databaseUrl = options.databaseUrl ?? env.DATABASE_URL;
  if (!databaseUrl)
    throw new Error('DATABASE_URL is not set (npm start and npm run dev set it for the embedded PostgreSQL)');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: env.API_DATABASE_POOL_SIZE });
  pool.on('error', (error) => logger.error({ err: error }, 'database pool error'));
  const directory = new AuthDirectory(pool, databaseUrl);
  await directory.start();
  const redisUrl = options.redisUrl ?? env.REDIS_URL;
  // Redis counts for every instance; without it, a worker of the API server (API_WORKERS > 1)
  // asks its primary, which counts for all the workers; a lone process counts for itself.
  const limiter: ConcurrencyLimiter = redisUrl
    ? new RedisLimiter(new Redis(redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true }))
    : cluster.isWorker
      ? ClusterLimiter.overIpc()
      : new LocalLimiter();
  const recorder = new UsageRecorder(pool, { maxParallelFlushes: env.USAGE_PARALLEL_FLUSHES });
  // Built here, so closed here: live providers hold kept-alive connections and maybe Redis.
  const ownProviders = options.providerFor ? null : createProviderResolver(envRecord(), { sql: pool });
  const gateway = createGateway({
    pool,
    directory,
    limiter,
    recorder,
    providerFor: options.providerFor ?? ownProviders!,
    analyze: options.analyze ?? analyzeSentiment,
    timeoutMs: options.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS,
    holdLeaseMs: holdLeaseMs(options.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS),
    log: logError,
    openApiDocument: buildOpenApiDocument,
    publicUrl: apiBaseUrl(),
  });
  return {
    gateway,
    pool,
    limiter,
    async close() {
      await recorder.close();
      await directory.close();
      await limiter.close();
      await ownProviders?.close();
      await pool.end();
    },
  };
}
