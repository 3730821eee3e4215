// The committed migrations match the schema, and applying them is idempotent.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { applyMigrations } from '../migrate';

test('has a migration for every change to prisma/schema.prisma (run npm run db:new -- <name>)', () => {
  // db:new copies the schema to the snapshot when it writes a migration; a difference means a
  // schema change without its migration.
  expect(readFileSync('prisma/schema.prisma', 'utf8')).toBe(
    readFileSync('prisma/migrations/schema.snapshot.prisma', 'utf8'),
  );
});

test('applies nothing the second time', { timeout: 60_000 }, async () => {
  await applyMigrations(process.env.DATABASE_URL!);
  expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([]);
});
