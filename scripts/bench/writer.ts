// npm run bench:writer: what one billing batch costs PostgreSQL. Calls the billing function
// (record_usage, prisma/functions.sql) directly, as the usage recorder does, with batches of 1,
// 25 and 100 calls over 10 accounts, and prints the backend's own CPU time (from /proc) and the
// wall time per batch and per call. Fixed cost per batch and cost per call follow from the two.
//   WRITER_BATCHES (default 300) batches per size; WRITER_HISTORY (default 300000) calls of
//   last month's history first; WRITER_SQL=<file> runs that SQL first (another version of the
//   function, to compare). Uses DATABASE_URL when set (its backend must be on this
//   machine), else the embedded PostgreSQL (database "bench" under .data/pg, made anew).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { applyMigrations } from '../../lib/db/migrate';
import { resolveDatabase } from '../lib/with-database';
import { newRequestId } from '../../lib/api/gateway/request-id';
import { encodeBatch, RECORD_USAGE_SQL } from '../../lib/api/gateway/usage-recorder';

const batches = Number(process.env.WRITER_BATCHES ?? 300);
const history = Number(process.env.WRITER_HISTORY ?? 300_000);
const sizes = [1, 25, 100];
const accounts = 10;

function backendCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const database = await resolveDatabase('app', 'bench');
try {
  if (!process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: database.url.replace(/\/bench$/, '/postgres') });
    await admin.connect();
    await admin.query('DROP DATABASE IF EXISTS bench WITH (FORCE)');
    await admin.query('CREATE DATABASE bench');
    await admin.end();
  }
  await applyMigrations(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  if (process.env.WRITER_SQL) await client.query(readFileSync(process.env.WRITER_SQL, 'utf8'));
  const run = randomUUID().slice(0, 8);
  const ids: string[] = [];
  for (let i = 0; i < accounts; i++) {
    const id = `writer_${run}_${i}`;
    await client.query(`INSERT INTO "Account" (id, "billingByInvoice") VALUES ($1, true)`, [id]);
    await client.query(
      `INSERT INTO "ApiKey" (id, "accountId", name, hash, prefix, last4) VALUES ($1, $2, 'writer', $1, 'ak_live_', '0000')`,
      [`key_${id}`, id],
    );
    ids.push(id);
  }
  await client.query(
    `INSERT INTO "UsageEvent" (id, "accountId", "apiKeyId", endpoint, status, units, "freeUnits", "amountMicros", sentiment, "latencyMs", "createdAt")
     SELECT 'history_' || g, ($2::text[])[1 + g % ${accounts}], 'key_' || ($2::text[])[1 + g % ${accounts}], '/v1/socialnet/locations', 200, 1, 0, 1000, false, 3,
            date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 second' * g
     FROM generate_series(1, $1::int) g`,
    [history, ids],
  );
  await client.query('VACUUM ANALYZE');
  const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
  const month = new Date().toISOString().slice(0, 7);

  console.log(`record_usage, ${batches} batches per size, ${accounts} accounts, ${history} calls of history`);
  console.log('calls/batch   backend ms/batch   µs/call   wall ms/batch');
  const perSize: { size: number; cpu: number }[] = [];
  for (const size of sizes) {
    const write = (count: number) =>
      client.query({ ...RECORD_USAGE_SQL, values: encodeBatch(
        Array.from({ length: count }, (_, i) => ({
          record: {
            id: newRequestId(), accountId: ids[i % accounts]!, apiKeyId: `key_${ids[i % accounts]}`,
            endpoint: '/v1/socialnet/locations', month, status: 200, units: 1, priceMicros: 1000,
            sentiment: false, latencyMs: 3, createdAt: new Date(), reservedFree: 0, counted: true,
          },
          touchesKey: false,
        })),
      ) });
    for (let i = 0; i < 20; i++) await write(size); // warm the plan cache
    const cpu0 = backendCpuMs(pid);
    const wall0 = performance.now();
    for (let i = 0; i < batches; i++) await write(size);
    const cpu = (backendCpuMs(pid) - cpu0) / batches;
    const wall = (performance.now() - wall0) / batches;
    perSize.push({ size, cpu });
    console.log(`${String(size).padStart(11)}   ${cpu.toFixed(2).padStart(16)}   ${((cpu * 1000) / size).toFixed(0).padStart(7)}   ${wall.toFixed(2).padStart(13)}`);
  }
  const first = perSize[0]!;
  const last = perSize[perSize.length - 1]!;
  const perCall = (last.cpu - first.cpu) / (last.size - first.size);
  console.log(`fixed cost per batch about ${((first.cpu - perCall) * 1000).toFixed(0)} µs of backend CPU, plus ${(perCall * 1000).toFixed(1)} µs per call`);
  await client.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
