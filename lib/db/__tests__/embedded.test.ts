// The embedded PostgreSQL: a second process (here, a second start) joins the running server
// instead of starting another, and only the owner stops it.
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedPostgres } from '../embedded';

const dir = `.data/pg-embedded-test-${process.pid}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('starts a real server once, lets others join it, and stops when its owner stops', { timeout: 120_000 }, async () => {
  const owner = await startEmbeddedPostgres({ dir, database: 'one' });
  const joiner = await startEmbeddedPostgres({ dir, database: 'two' });
  expect(owner.owner).toBe(true);
  expect(joiner.owner).toBe(false);
  expect(new URL(joiner.url).port).toBe(new URL(owner.url).port);

  const client = new pg.Client({ connectionString: joiner.url });
  await client.connect();
  expect((await client.query('SELECT current_database() AS db')).rows[0].db).toBe('two');
  await client.end();

  await joiner.stop(); // not the owner: the server keeps running
  const again = new pg.Client({ connectionString: owner.url });
  await again.connect();
  await again.end();

  await owner.stop();
  const after = new pg.Client({ connectionString: owner.url, connectionTimeoutMillis: 2000 });
  await expect(after.connect()).rejects.toThrow();
});
