// The one Prisma client. DATABASE_URL is set by scripts/run.ts (the embedded PostgreSQL under
// .data/) unless the operator set it.
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { logger } from '../observability/logger';

const globalForDb = globalThis as unknown as { db?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString && process.env.NEXT_PHASE !== 'phase-production-build') {
    logger.warn('DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which provide it.');
  }
  const adapter = new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PrismaClient({ adapter });
}

export const db = globalForDb.db ?? createClient();
// Next's dev server reloads modules; keep one client (and one pool) per process.
if (process.env.NODE_ENV !== 'production') globalForDb.db = db;
