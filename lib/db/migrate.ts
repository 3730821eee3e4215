// Applies committed migrations (what `prisma migrate deploy` does), offline, then the database
// objects Prisma does not model (prisma/functions.sql). Concurrent callers are serialised by an
// advisory lock, so several processes starting at once migrate exactly once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { noFilters, openSchemaEngine, readMigrations } from './schema-engine';

const MIGRATION_LOCK = 72_410_001;

export async function applyMigrations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const engine = await openSchemaEngine(url);
    let applied: string[];
    try {
      ({ appliedMigrationNames: applied } = await engine.applyMigrations({
        migrationsList: readMigrations(),
        filters: noFilters,
      }));
    } finally {
      engine.free();
    }
    await client.query(readFileSync(path.resolve('prisma/functions.sql'), 'utf8'));
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
