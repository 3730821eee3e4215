// Setting up a bench run: a database with keys and a month of history, and the servers measured
// (the gateway, single-process and with a worker per core; the bare and replay baselines; the
// bare server with a ledger row per call).
import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { apiKeyDisplay, generateApiKey, hashApiKey } from '../../../lib/api-key';
import { apiServerNodeFlags } from '../../../lib/api/process/node-flags';
import { applyMigrations } from '../../../lib/db/migrate';
import { cases, connections, cores, ports, profileDir } from './settings';

/** On the embedded server, every run starts from an empty "bench" database (rows of earlier
 * runs would make runs incomparable). A DATABASE_URL given by the operator is used as it is. */
async function freshBenchDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/bench$/, '/postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench WITH (FORCE)');
  await admin.query('CREATE DATABASE bench');
  await admin.end();
}

/** One key per five connections: each account may have 10 calls in flight per endpoint. */
async function benchKeys(client: pg.Client, count: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = generateApiKey();
    const { prefix, last4 } = apiKeyDisplay(key);
    const accountId = `bench_${Date.now()}_${i}`;
    // Billed by invoice, so that every call is served and billed (no free-tier cap).
    await client.query(`INSERT INTO "Account" (id, "billingByInvoice") VALUES ($1, true)`, [accountId]);
    await client.query(
      `INSERT INTO "ApiKey" (id, "accountId", name, hash, prefix, last4) VALUES ($1, $2, 'bench', $3, $4, $5)`,
      [`key_${accountId}`, accountId, hashApiKey(key), prefix, last4],
    );
    keys.push(key);
  }
  return keys;
}

/**
 * The bench database ready: fresh on the embedded server, migrated, with one key per five
 * connections and last month's history.
 */
export async function prepareDatabase(url: string, embedded: boolean): Promise<{ client: pg.Client; keys: string[] }> {
  if (embedded) await freshBenchDatabase(url);
  await applyMigrations(url);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // the database stopping at the end, after an error of the bench's own
  await client.connect();
  const keys = await benchKeys(client, Math.ceil(connections / 5));
  // A running service has history: last month's calls, enough to cycle PostgreSQL's buffer pool.
  // Without it, the first measurement pays for first touches of fresh memory (expensive in a VM)
  // and reads half the throughput of the same measurement a minute later.
  await client.query(
    `INSERT INTO "UsageEvent" (id, "accountId", "apiKeyId", endpoint, status, units, "freeUnits", "amountMicros", sentiment, "latencyMs", "createdAt")
     SELECT 'history_' || g, a.id, 'key_' || a.id, '/v1/socialnet/locations', 200, 1, 0, 1000, false, 3,
            date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 second' * g
     FROM generate_series(1, $1::int) g
     JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM "Account" WHERE id LIKE 'bench_%') a ON a.n = g % $2`,
    [Number(process.env.BENCH_HISTORY ?? 300_000), keys.length],
  );
  return { client, keys };
}

/** A server of the bench; each runs with the API server's Node flags, so that the baselines differ
 * from the gateway in the code they run only. */
/** Starts `file` (under `cwd`: another checkout's, for bench:api-ab) and resolves once it is listening. */
export function start(
  file: string,
  env: Record<string, string>,
  imports: string[] = [],
  cwd = process.cwd(),
): Promise<ChildProcess> {
  // BENCH_COMPILED=1: the API server from its bundle (npm run build), as npm start runs it.
  const compiled = file === 'lib/api/process/main.ts' && process.env.BENCH_COMPILED === '1';
  const loader = compiled && imports.length === 0 ? [] : ['--import', 'tsx'];
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      ...apiServerNodeFlags,
      ...loader,
      ...imports.flatMap((i) => ['--import', i]),
      compiled ? 'dist/api-server.js' : file,
    ],
    {
      cwd,
      env: { ...process.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const listening = () => {
      if (file === 'lib/api/process/main.ts')
        console.log(
          `start    ${compiled ? 'dist/api-server.js' : 'tsx lib/api/process/main.ts'} (API_WORKERS=${env.API_WORKERS}): listening ${Math.round(performance.now() - started)} ms after spawn`,
        );
      resolve(child);
    };
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && listening());
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
}

/** The servers the small and large cases measure. */
export interface BenchServers {
  gateway: ChildProcess;
  /** The gateway with a worker per core; null on one core. */
  workers: ChildProcess | null;
  bare: ChildProcess;
  /** The bare server plus one ledger row per call, group-committed before each response. */
  floor: ChildProcess;
  replay: ChildProcess;
}

/** Starts the servers (each added to `children` for the end of the run). */
export async function startServers(
  client: pg.Client,
  databaseUrl: string,
  apiEnv: Record<string, string>,
  children: ChildProcess[],
): Promise<BenchServers> {
  const gateway = await start(
    'lib/api/process/main.ts',
    { ...apiEnv, API_PORT: String(ports.api), API_WORKERS: '1', ...(profileDir ? { BENCH_PROFILE: profileDir } : {}) },
    profileDir ? ['./scripts/bench/profile-hook.ts'] : [],
  );
  const workers =
    cores > 1
      ? await start('lib/api/process/main.ts', {
          ...apiEnv,
          API_PORT: String(ports.workers),
          API_WORKERS: String(cores),
        })
      : null;
  const bare = await start('scripts/bench/bare-server.ts', { BARE_PORT: String(ports.bare) });
  const floorAccount = (
    await client.query<{ id: string }>(`SELECT id FROM "Account" WHERE id LIKE 'bench\\_%' ORDER BY id LIMIT 1`)
  ).rows[0]!.id;
  const floor = await start('scripts/bench/bare-server.ts', {
    BARE_PORT: String(ports.floor),
    LEDGER_DATABASE_URL: databaseUrl,
    LEDGER_ACCOUNT: floorAccount,
  });
  const replay = await start('scripts/bench/replay-server.ts', {
    REPLAY_PORT: String(ports.replay),
    REPLAY_PATHS: [...new Set(cases.map((c) => c.path))].join(','),
  });
  children.push(...[gateway, workers, bare, floor, replay].filter((c): c is ChildProcess => c !== null));
  return { gateway, workers, bare, floor, replay };
}
