// npm run bench:usage-latency: the /usage latency and error charts' read for a busy account.
// Seeds one account with a whole month (last month, UTC) of calls across the data endpoints and
// 10 keys in the request log (every 20th a 404, every 97th a 502, latencies 40-239 ms), then
// prints p50 and p95 of getLatencyByDay over repeated runs: all endpoints, one endpoint, one key.
//
//   BENCH_CALLS (default 100000), BENCH_RUNS (default 30).
// Uses DATABASE_URL (migrated) and removes its account afterwards.
import pg from 'pg';

import { dataEndpoints } from '../../lib/api/registry';
import { applyMigrations } from '../../lib/db/migrate';
import { monthStart } from '../../lib/utc-month';

const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ACCOUNT = 'bench_latency_account';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must name a database to seed');

async function seed(client: pg.Client, start: Date, end: Date): Promise<void> {
  await client.query(`DELETE FROM "UsageEvent" WHERE "accountId" = $1`, [ACCOUNT]);
  await client.query(`DELETE FROM "Account" WHERE id = $1`, [ACCOUNT]);
  await client.query(`INSERT INTO "Account" (id, "hasPaymentMethod") VALUES ($1, true)`, [ACCOUNT]);
  const started = Date.now();
  await client.query(
    `INSERT INTO "UsageEvent" ("id", "accountId", "apiKeyId", "endpoint", "status", "code", "units", "freeUnits", "amountMicros", "sentiment", "latencyMs", "createdAt")
     SELECT 'req_lat_' || md5(i::text), $1, 'bench_key_' || (i % 10), ($2::text[])[1 + (i / 7) % cardinality($2::text[])],
            CASE WHEN i % 20 = 0 THEN 404 WHEN i % 97 = 0 THEN 502 ELSE 200 END,
            CASE WHEN i % 20 = 0 THEN 'not_found' WHEN i % 97 = 0 THEN 'upstream_error' END,
            1, 0, 3000, false, 40 + (i * 7919) % 200,
            $3::timestamp + (i::float8 / $4 * $5) * interval '1 millisecond'
     FROM generate_series(1, $4) AS i`,
    [ACCOUNT, dataEndpoints.map((e) => e.path), start.toISOString(), CALLS, end.getTime() - start.getTime() - 1],
  );
  await client.query('VACUUM ANALYZE "UsageEvent"');
  console.log(
    `seeded ${CALLS.toLocaleString('en-US')} calls over ${start.toISOString().slice(0, 7)} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}

async function time(runs: number, fn: () => Promise<unknown>) {
  await fn(); // warm-up: plans and caches
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

await applyMigrations(url);
const client = new pg.Client({ connectionString: url });
await client.connect();
const now = new Date();
const start = monthStart(now, -1);
const end = monthStart(now);
const month = start.toISOString().slice(0, 7);
try {
  await seed(client, start, end);
  const { getLatencyByDay } = await import('../../lib/server/usage/get-latency-by-day');
  const cases: [string, () => Promise<unknown>][] = [
    ['all endpoints', () => getLatencyByDay({ accountId: ACCOUNT, month })],
    ['one endpoint', () => getLatencyByDay({ accountId: ACCOUNT, month, endpoint: dataEndpoints[5]!.path })],
    ['one key', () => getLatencyByDay({ accountId: ACCOUNT, month, keyId: 'bench_key_3' })],
  ];
  console.log('getLatencyByDay          p50 ms   p95 ms');
  for (const [name, fn] of cases) {
    const { p50, p95 } = await time(RUNS, fn);
    console.log(`${name.padEnd(22)} ${p50.toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}`);
  }
  const { db } = await import('../../lib/db');
  await db.$disconnect();
} finally {
  await client.query(`DELETE FROM "UsageEvent" WHERE "accountId" = $1`, [ACCOUNT]);
  await client.query(`DELETE FROM "Account" WHERE id = $1`, [ACCOUNT]);
  await client.end();
}
