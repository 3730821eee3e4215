// Database tooling that works offline: `npm run db:migrate` applies the committed migrations,
// `npm run db:new -- <name>` writes a new migration from the change to prisma/schema.prisma.
//
// A new migration is the diff from prisma/migrations/schema.snapshot.prisma (the schema as of
// the latest migration) to the current schema; the engine computes it without a database.
// (The engine's shadow-database diff cannot describe PostgreSQL through the pg adapter.)
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withDatabase } from './lib/with-database';
import { applyMigrations } from '../lib/db/migrate';
import { migrationsDir, noFilters, openSchemaEngine, schemaPath } from '../lib/db/schema-engine';

const snapshotPath = path.join(migrationsDir, 'schema.snapshot.prisma');

async function newMigration(name: string | undefined): Promise<void> {
  if (!name || !/^[a-z0-9_]+$/.test(name)) {
    console.error('usage: npm run db:new -- <name>   (lowercase letters, digits and _)');
    process.exit(2);
  }
  // The engine needs a connection to exist, not to be used, for a datamodel-to-datamodel diff.
  await withDatabase(async (url) => {
    const engine = await openSchemaEngine(url);
    try {
      const file = (p: string) => ({ files: [{ path: p, content: readFileSync(p, 'utf8') }] });
      const from = existsSync(snapshotPath)
        ? { tag: 'schemaDatamodel' as const, ...file(snapshotPath) }
        : { tag: 'empty' as const };
      const result = await engine.diff({
        from,
        to: { tag: 'schemaDatamodel', ...file(schemaPath) },
        script: true,
        exitCode: null,
        filters: noFilters,
      });
      const sql = result.stdout ?? '';
      if (!sql.trim() || sql.includes('This is an empty migration')) {
        console.log('No changes: prisma/schema.prisma matches the latest migration.');
        return;
      }
      const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
      const dir = path.join(migrationsDir, `${stamp}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'migration.sql'), sql);
      copyFileSync(schemaPath, snapshotPath);
      console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
    } finally {
      engine.free();
    }
  });
}

async function migrate(): Promise<void> {
  await withDatabase(async (url) => {
    const applied = await applyMigrations(url);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  });
}

const [command, name] = process.argv.slice(2);
if (command === 'new') await newMigration(name);
else if (command === 'migrate') await migrate();
else {
  console.error('usage: tsx scripts/db.ts migrate | new <name>');
  process.exit(2);
}
