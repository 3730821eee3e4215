// The embedded PostgreSQL: a second process (here, a second start) joins the running server
// instead of starting another, and only the owner stops it; the app's role is no superuser.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { APP_ROLE, startEmbeddedPostgres } from '../embedded';

const dir = `.data/pg-embedded-test-${process.pid}`;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.credentials.json`, { force: true });
});

test('starts a real server once, lets others join it, and stops when its owner stops', {
  timeout: 120_000,
}, async () => {
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

test('connects the app as a role that is no superuser, with a random password kept 0600 and no socket in /tmp', {
  timeout: 120_000,
}, async () => {
  const owner = await startEmbeddedPostgres({ dir: `${dir}-locked`, database: 'locked' });
  try {
    const appUrl = new URL(owner.url);
    expect(appUrl.username).toBe(APP_ROLE);
    const credentials = `${path.resolve(`${dir}-locked`)}.credentials.json`;
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    expect(readFileSync(credentials, 'utf8')).not.toContain('embedded-local');

    const client = new pg.Client({ connectionString: owner.url });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
      expect(rows[0].rolsuper).toBe(false);
      // The app owns its database: it can create tables, but cannot run programs as the server's user.
      await client.query('CREATE TABLE owned_by_app (id int)');
      await expect(client.query("COPY owned_by_app TO PROGRAM 'id'")).rejects.toThrow(
        /permission denied|must be superuser|pg_execute_server_program/,
      );
    } finally {
      await client.end();
    }
    const port = appUrl.port;
    expect(existsSync(`/tmp/.s.PGSQL.${port}`)).toBe(false);
    expect(existsSync(path.join(path.resolve(`${dir}-locked`), `.s.PGSQL.${port}`))).toBe(true);
  } finally {
    await owner.stop();
    rmSync(`${dir}-locked`, { recursive: true, force: true });
    rmSync(`${dir}-locked.credentials.json`, { force: true });
  }
});
