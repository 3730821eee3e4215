// The one Prisma client. DATABASE_URL is set by scripts/run.ts (the embedded PostgreSQL under
// .data/) unless the operator set it.
import { PrismaPg } from '@prisma/adapter-pg';
import { env, envRecord } from '@/lib/env';
import { PrismaClient } from '../generated/prisma/client';

const globalForDb = globalThis as unknown as { db?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = env.DATABASE_URL;
  // Next's own setting: its production build loads this module without a database.
  if (!connectionString && envRecord().NEXT_PHASE !== 'phase-production-build') {
    // console, not the logger: the logger reads its settings when loaded, and lib/db loads first.
    console.warn('DATABASE_URL is not set: start the app with `npm run dev` or `npm start`, which provide it.');
  }
  const adapter = new PrismaPg({ connectionString, max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

export const db = globalForDb.db ?? createClient();
// Next's dev server reloads modules; keep one client (and one pool) per process.
if (env.NODE_ENV !== 'production') globalForDb.db = db;
