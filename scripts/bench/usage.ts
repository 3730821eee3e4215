// npm run bench:usage: the console's usage reads for a heavy account. Seeds one account with
// 1,000,000 calls this month across the 28 data endpoints and 10 keys (the request log, the
// ledger and the daily rollup, as record_usage writes them), then prints the server time of the
// usage page's data, a request-log page (first, deep by cursor, filtered, by request id) and the
// CSV export, p50 and p95 over repeated runs.
//
//   BENCH_CALLS (default 1000000), BENCH_RUNS (default 40).
// Uses DATABASE_URL when set, else the embedded PostgreSQL (database "bench_usage" under .data/pg).
import pg from 'pg';

import { dataEndpoints } from '../../lib/api/registry';
import { applyMigrations } from '../../lib/db/migrate';
import { resolveDatabase } from '../lib/with-database';

const CALLS = Number(process.env.BENCH_CALLS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const KEYS = 10;
const ACCOUNT = 'bench_usage_account';

async function freshDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/bench_usage$/, '/postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bench_usage WITH (FORCE)');
  await admin.query('CREATE DATABASE bench_usage');
  await admin.end();
}

/** The calls, spread evenly from the start of this month (UTC) to now, in SQL. */
async function seed(url: string, monthStart: Date, now: Date): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const endpoints = dataEndpoints.map((e) => e.path);
  await client.query(`INSERT INTO "Account" (id, "hasPaymentMethod") VALUES ($1, true)`, [ACCOUNT]);
  for (let k = 0; k < KEYS; k++) {
    await client.query(
      `INSERT INTO "ApiKey" (id, "accountId", name, hash, prefix, last4) VALUES ($1, $2, $3, $4, 'ak_live_Bnch', $5)`,
      [`bench_key_${k}`, ACCOUNT, `key ${k}`, `hash_${k}`, String(k).padStart(4, '0')],
    );
  }
  const span = now.getTime() - monthStart.getTime();
  const started = Date.now();
  // Every 20th call a 404 billed as one unit; the others 1 to 3 pages at each endpoint's price.
  await client.query(
    `INSERT INTO "UsageEvent" ("id", "accountId", "apiKeyId", "endpoint", "status", "code", "units", "freeUnits", "amountMicros", "sentiment", "latencyMs", "createdAt")
     SELECT 'req_' || md5(i::text), $1, 'bench_key_' || (i % ${KEYS}), ($2::text[])[1 + (i / 7) % ${endpoints.length}],
            CASE WHEN i % 20 = 0 THEN 404 ELSE 200 END, CASE WHEN i % 20 = 0 THEN 'not_found' END,
            1 + i % 3, 0, (1 + i % 3) * 3000, i % 7 = 0, 40 + i % 200,
            $3::timestamp + (i::float8 / $4 * $5) * interval '1 millisecond'
     FROM generate_series(1, $4) AS i`,
    [ACCOUNT, endpoints, monthStart.toISOString(), CALLS, span],
  );
  await client.query(
    `INSERT INTO "UsageDaily" ("accountId", "apiKeyId", "endpoint", "day", "requests", "units", "freeUnits", "sentimentUnits", "amountMicros")
     SELECT "accountId", "apiKeyId", "endpoint", "createdAt"::date, COUNT(*), SUM("units"), SUM("freeUnits"),
            COALESCE(SUM("units") FILTER (WHERE "sentiment"), 0), SUM("amountMicros")
     FROM "UsageEvent" WHERE "accountId" = $1 GROUP BY 1, 2, 3, 4`,
    [ACCOUNT],
  );
  await client.query(
    `INSERT INTO "UsageMonthly" ("accountId", "endpoint", "month", "requests", "units", "freeUnits", "amountMicros")
     SELECT "accountId", "endpoint", to_char("day", 'YYYY-MM'), SUM("requests"), SUM("units"), SUM("freeUnits"), SUM("amountMicros")
     FROM "UsageDaily" WHERE "accountId" = $1 GROUP BY 1, 2, 3`,
    [ACCOUNT],
  );
  await client.query('VACUUM ANALYZE "UsageEvent", "UsageDaily", "UsageMonthly", "ApiKey"');
  await client.end();
  console.log(
    `seeded ${CALLS.toLocaleString('en-US')} calls, ${endpoints.length} endpoints, ${KEYS} keys in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
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

const database = await resolveDatabase('app', 'bench_usage');
try {
  if (!process.env.DATABASE_URL) await freshDatabase(database.url);
  await applyMigrations(database.url);
  process.env.DATABASE_URL = database.url;
  const now = new Date();
  const month = now.toISOString().slice(0, 7);
  await seed(database.url, new Date(`${month}-01T00:00:00Z`), now);

  // The app's own reads, as the route handlers call them (imported once DATABASE_URL is set).
  const { getUsageMonth } = await import('../../lib/server/usage/get-usage-month');
  const { listUsageRequests } = await import('../../lib/server/usage/list-usage-requests');
  const { streamUsageCsv } = await import('../../lib/server/usage/stream-usage-csv');
  const { getDashboardOverview } = await import('../../lib/server/usage/get-dashboard-overview');
  const { requestLogQuerySchema } = await import('../../lib/validation/usage');
  const log = (q: Record<string, string>) =>
    listUsageRequests({ accountId: ACCOUNT, query: requestLogQuerySchema.parse(q) });

  // A cursor deep in the log: 200 pages of 50 in.
  let deep: string | null = null;
  for (let i = 0; i < 200; i++) deep = (await log(deep ? { cursor: deep } : {})).nextCursor;
  const someId = (await log({ limit: '1', cursor: deep! })).requests[0]!.requestId;
  let csvBytes = 0;

  const cases: [string, number, () => Promise<unknown>][] = [
    ['usage page data (/api/usage)', 150, () => getUsageMonth({ accountId: ACCOUNT, month })],
    ['usage page data, one key', 150, () => getUsageMonth({ accountId: ACCOUNT, month, keyId: 'bench_key_3' })],
    ['dashboard data', 150, () => getDashboardOverview({ accountId: ACCOUNT })],
    ['log page, newest 50', 50, () => log({})],
    ['log page, 200 pages deep', 50, () => log({ cursor: deep! })],
    ['log page, endpoint + 4xx', 50, () => log({ endpoint: dataEndpoints[5]!.path, status: '4xx' })],
    ['log page, one key', 50, () => log({ key: 'bench_key_4' })],
    ['log page, 5xx (none in a month)', 50, () => log({ status: '5xx' })],
    ['log, exact request id', 50, () => log({ requestId: someId })],
    [
      'CSV export, whole month',
      2000,
      async () =>
        (csvBytes = (await new Response(streamUsageCsv({ accountId: ACCOUNT, month })).arrayBuffer()).byteLength),
    ],
  ];
  console.log('read                            p50 ms   p95 ms   target p95');
  let failed = 0;
  for (const [name, target, fn] of cases) {
    const { p50, p95 } = await time(RUNS, fn);
    if (p95 > target) failed++;
    console.log(
      `${name.padEnd(30)} ${p50.toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}   < ${target}${p95 > target ? '  MISSED' : ''}`,
    );
  }
  console.log(
    `\nCSV: ${(csvBytes / 1024).toFixed(0)} KB; ${failed ? `${failed} target(s) missed` : 'every target met'}`,
  );
  const { db } = await import('../../lib/db');
  await db.$disconnect();
} finally {
  await database.stop();
}
