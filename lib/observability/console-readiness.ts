// The console's readiness (app/readyz/route.ts): the checks of readiness.ts over the console's own
// Prisma client, and Redis when REDIS_URL is set (one connection, made at the first ask).
import 'server-only';
import { Redis } from 'ioredis';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { checkReadiness, type Readiness } from './readiness';

let redis: Redis | undefined;

function pingRedis(url: string): Promise<unknown> {
  if (!redis) {
    redis = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2_000 });
    redis.on('error', () => {}); // a failed ping says so in /readyz
  }
  return redis.ping();
}

export function checkConsoleReadiness(): Promise<Readiness> {
  return checkReadiness({
    query: (sql) => db.$queryRawUnsafe<{ migration_name: string }[]>(sql),
    pingRedis: env.REDIS_URL ? () => pingRedis(env.REDIS_URL!) : undefined,
  });
}
