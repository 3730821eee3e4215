// npm run bench:api: throughput and latency of the production API server on loopback, through
// the full pipeline (key, validation, limits, billing written to PostgreSQL before each
// response), against a bare handler serving the same payloads, in one run.
//
//   BENCH_SECONDS (default 8) per measurement, BENCH_CONNECTIONS (default 50).
// Uses DATABASE_URL when set, else the embedded PostgreSQL (database "bench" under .data/pg).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { apiKeyDisplay, generateApiKey, hashApiKey } from '../../lib/api-key';
import { applyMigrations } from '../../lib/db/migrate';
import { resolveDatabase } from '../lib/with-database';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const API_PORT = 3871;
const BARE_PORT = 3872;

const cases = [
  { name: 'small', path: '/v1/socialnet/locations?query=berlin' },
  { name: 'large', path: '/v1/forumsite/community/posts?community=news&pages=10' },
];

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
async function benchKeys(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
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
  await client.end();
  return keys;
}

function start(file: string, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('listening') && resolve(child));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
}

async function measure(url: string, keys: string[]) {
  let next = 0;
  const setupClient = (client: { setHeaders(h: Record<string, string>): void }) => {
    if (keys.length) client.setHeaders({ 'x-api-key': keys[next++ % keys.length]! });
  };
  await autocannon({ url, connections, duration: 2, setupClient }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds, setupClient });
  const non2xx = result.non2xx + result.errors;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes: result.throughput.average, non2xx };
}

const database = await resolveDatabase('app', 'bench');
const children: ChildProcess[] = [];
try {
  if (!process.env.DATABASE_URL) await freshBenchDatabase(database.url);
  await applyMigrations(database.url);
  const keys = await benchKeys(database.url, Math.ceil(connections / 5));
  children.push(await start('lib/api/server/main.ts', { DATABASE_URL: database.url, API_PORT: String(API_PORT), API_HOST: '127.0.0.1', NODE_ENV: 'production', REDIS_URL: '' }));
  children.push(await start('scripts/bench/bare-server.ts', { BARE_PORT: String(BARE_PORT), NODE_ENV: 'production' }));
  console.log(`${connections} connections, ${seconds} s per measurement, loopback, this machine (${(await import('node:os')).cpus().length} cores)\n`);
  console.log(`${keys.length} accounts billed by invoice, 5 connections each\n`);
  console.log('case   server    req/s     p50 ms  p99 ms  KB/resp  non-2xx');
  // Tens of thousands of billing rows per measurement: vacuum between measurements, so that
  // autovacuum does not run during the next one.
  const settle = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('VACUUM ANALYZE "UsageEvent", "UsageMonthly", "ApiKey"');
    await client.end();
  };
  // The daily rollup's cost: the small case again with record_usage minus its UsageDaily upsert
  // (the rest of the writer unchanged), then the real function back.
  const functionsSql = readFileSync('prisma/functions.sql', 'utf8');
  const withoutRollup = functionsSql.replace(/\n {2}daily AS \([\s\S]*?RETURNING 1\n {2}\),/, '');
  if (withoutRollup === functionsSql) throw new Error('bench: the daily rollup CTE was not found in prisma/functions.sql');
  const applyFunctions = async (sql: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  for (const c of cases) {
    let noRollup: Awaited<ReturnType<typeof measure>> | null = null;
    if (c.name === 'small') {
      await applyFunctions(withoutRollup);
      await settle();
      noRollup = await measure(`http://127.0.0.1:${API_PORT}${c.path}`, keys);
      await applyFunctions(functionsSql);
    }
    await settle();
    const full = await measure(`http://127.0.0.1:${API_PORT}${c.path}`, keys);
    await settle();
    const bare = await measure(`http://127.0.0.1:${BARE_PORT}${c.path}`, []);
    const rows = [['gateway', full], ...(noRollup ? [['no-rollup', noRollup] as const] : []), ['bare', bare]] as const;
    for (const [label, r] of rows) {
      const kb = r.rps ? r.bytes / r.rps / 1024 : 0;
      console.log(`${c.name.padEnd(6)} ${label.padEnd(8)} ${r.rps.toFixed(0).padStart(7)}  ${String(r.p50).padStart(8)}  ${String(r.p99).padStart(6)}  ${kb.toFixed(1).padStart(7)}  ${r.non2xx}`);
    }
    const cost = (1 - full.rps / bare.rps) * 100;
    console.log(`${c.name.padEnd(6)} gateway/bare = ${(full.rps / bare.rps).toFixed(2)} (the gateway costs ${cost.toFixed(0)}% of the bare handler's throughput)`);
    if (noRollup) console.log(`${c.name.padEnd(6)} the daily rollup costs ${((1 - full.rps / noRollup.rps) * 100).toFixed(1)}% of the pipeline's throughput (target: at most 5%)`);
    console.log('');
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode === null ? c.once('exit', r) : r(null)))));
  await database.stop();
}
