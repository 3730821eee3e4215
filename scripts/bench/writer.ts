// npm run bench:writer: what one billing batch costs PostgreSQL. Calls the billing function
// (record_usage, prisma/functions.sql) directly, as the usage recorder does, with batches of 1,
// 25 and 100 calls over 10 accounts, and prints the backend's own CPU time (from /proc) per
// batch and per call, and from those the fixed cost per batch and the cost per call.
//   WRITER_SQL=<file>[,<file>…] other versions of the function to compare with the repository's:
//   each is measured in turn, round after round, so that the machine's drift and PostgreSQL's
//   checkpoints fall on all alike. WRITER_ROUNDS (default 3), WRITER_BATCHES (default 300) per size and round,
//   WRITER_HISTORY (default 300000) calls of last month's history first. Uses DATABASE_URL when set (its backend must be on this
//   machine), else the embedded PostgreSQL (database "bench" under .data/pg, made anew).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { applyMigrations } from '../../lib/db/migrate';
import { resolveDatabase } from '../lib/with-database';
import { newRequestId } from '../../lib/api/gateway/request-id';
import { encodeBatch, RECORD_USAGE_SQL } from '../../lib/api/gateway/usage-recorder';

const batches = Number(process.env.WRITER_BATCHES ?? 300);
const rounds = Number(process.env.WRITER_ROUNDS ?? 3);
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

  const write = (size: number) =>
    client.query({
      ...RECORD_USAGE_SQL,
      values: encodeBatch(
        Array.from({ length: size }, (_, i) => ({
          record: {
            id: newRequestId(),
            accountId: ids[i % accounts]!,
            apiKeyId: `key_${ids[i % accounts]}`,
            endpoint: '/v1/socialnet/locations',
            month,
            status: 200,
            units: 1,
            priceMicros: 1000,
            sentiment: false,
            latencyMs: 3,
            createdAt: new Date(),
            reservedFree: 0,
            counted: true,
            params: 'query=coffee+shops+in+berlin',
          },
          touchesKey: false,
        })),
        false,
      ),
    });
  /** Backend CPU ms per batch of `size` calls. */
  async function measure(size: number): Promise<number> {
    for (let i = 0; i < 20; i++) await write(size); // warm the plan cache
    const cpu0 = backendCpuMs(pid);
    for (let i = 0; i < batches; i++) await write(size);
    return (backendCpuMs(pid) - cpu0) / batches;
  }

  // Each version in turn, round after round, so that the machine's drift falls on all alike.
  const versions = [
    { name: 'prisma/functions.sql', sql: readFileSync('prisma/functions.sql', 'utf8') },
    ...(process.env.WRITER_SQL ?? '')
      .split(',')
      .filter(Boolean)
      .map((file) => ({ name: file, sql: readFileSync(file, 'utf8') })),
  ];
  const cpu = versions.map(() => sizes.map(() => [] as number[]));
  for (let round = 0; round < rounds; round++) {
    for (const [v, version] of versions.entries()) {
      await client.query(version.sql);
      for (const [s, size] of sizes.entries()) cpu[v]![s]!.push(await measure(size));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `record_usage: backend CPU per batch, median of ${rounds} rounds of ${batches} batches; ${accounts} accounts, ${history} calls of history`,
  );
  console.log(
    `${'version'.padEnd(28)}${sizes.map((n) => `${n} calls`.padStart(20)).join('')}   fixed µs   µs per call`,
  );
  for (const [v, version] of versions.entries()) {
    const ms = cpu[v]!.map(median);
    const perCall = (ms[ms.length - 1]! - ms[0]!) / (sizes[sizes.length - 1]! - sizes[0]!);
    const cells = ms.map((m, s) =>
      `${(m * 1000).toFixed(0)} µs (${((m * 1000) / sizes[s]!).toFixed(0)}/call)`.padStart(20),
    );
    console.log(
      `${version.name.slice(-28).padEnd(28)}${cells.join('')}   ${((ms[0]! - perCall) * 1000).toFixed(0).padStart(8)}   ${(perCall * 1000).toFixed(1).padStart(11)}`,
    );
  }
  await client.end();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
