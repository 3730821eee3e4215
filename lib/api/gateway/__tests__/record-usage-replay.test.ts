// record_usage written twice: a retried batch (its commit's answer lost) must record and count
// nothing again, and a batch mixing an already-recorded call with a new one bills only the new.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '../../pricing';
import { encodeBatch, RECORD_USAGE_SQL } from '../usage-recorder';
import { newAccountWithKey } from '../../__tests__/support/harness';
import { billingMonth } from '@/lib/utc-month';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => pool.end());

const ENDPOINT = '/v1/clipnet/video/comments';

function call(accountId: string, keyId: string, units: number) {
  return {
    id: `req_${randomUUID().replace(/-/g, '')}`,
    a: accountId,
    k: keyId,
    e: ENDPOINT,
    m: billingMonth(),
    s: 200,
    u: units,
    p: 6000,
    snt: false,
    l: 1,
    t: new Date().toISOString().slice(0, 23),
    r: 0,
    c: true,
    sc: false,
  };
}

const write = (batch: unknown[]) =>
  pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3)', [
    JSON.stringify(batch),
    FREE_UNITS_PER_MONTH,
    SENTIMENT_SURCHARGE_MICROS,
  ]);

async function ledger(accountId: string) {
  const events = await db.usageEvent.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
  const monthly = await db.usageMonthly.findMany({ where: { accountId } });
  const daily = await db.usageDaily.findMany({ where: { accountId } });
  return {
    events: events.map((e) => [e.id, e.units, e.freeUnits, Number(e.amountMicros)]),
    monthly: monthly.map((m) => [m.requests, m.units, m.freeUnits, Number(m.amountMicros)]),
    daily: daily.map((d) => [d.requests, d.units, Number(d.amountMicros)]),
  };
}

test('the same batch written twice records and counts it once', async () => {
  const { accountId, keyId } = await newAccountWithKey();
  const batch = [call(accountId, keyId, 30), call(accountId, keyId, 40)];
  await write(batch);
  const once = await ledger(accountId);
  expect(once.monthly).toEqual([[2, 70, 50, 20 * 6000]]);
  await write(batch);
  expect(await ledger(accountId)).toEqual(once);
});

test('a batch mixing a recorded call with a new one bills only the new one', async () => {
  const { accountId, keyId } = await newAccountWithKey();
  const first = call(accountId, keyId, 45);
  await write([first]);
  const fresh = call(accountId, keyId, 10);
  const { rows } = await write([first, fresh]);
  // The new call gets the 5 free units left and pays for 5.
  expect(rows.find((r) => r.id === fresh.id)).toMatchObject({ free_units: 5, amount_micros: String(5 * 6000) });
  const after = await ledger(accountId);
  expect(after.events).toHaveLength(2);
  expect(after.monthly).toEqual([[2, 55, 50, 5 * 6000]]);
  expect(after.daily).toEqual([[2, 55, 5 * 6000]]);
});

test('a retried batch racing the original, both waiting on the same counter, records and counts it once', async () => {
  const { accountId, keyId } = await newAccountWithKey();
  await write([call(accountId, keyId, 1)]); // the month's counter exists
  const batch = [call(accountId, keyId, 30), call(accountId, keyId, 40)];
  const holder = await pool.connect();
  const racers = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  try {
    // Another batch holds the counter: both writes start, then wait on its lock together.
    await holder.query('BEGIN');
    await holder.query(`SELECT 1 FROM "UsageMonthly" WHERE "accountId" = $1 FOR UPDATE`, [accountId]);
    const args = [JSON.stringify(batch), FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS];
    const writes = [0, 1].map(() => racers.query('SELECT * FROM record_usage($1::jsonb, $2, $3)', args));
    await expect
      .poll(
        async () =>
          (
            await pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE 'SELECT * FROM record_usage%' AND wait_event_type = 'Lock'`,
            )
          ).rows[0].n,
      )
      .toBe(2);
    await holder.query('COMMIT');
    const [a, b] = await Promise.all(writes);
    // Both answer the same billing for each call: the second found the first's rows.
    expect(b!.rows).toEqual(a!.rows);
  } finally {
    holder.release();
    await racers.end();
  }
  const after = await ledger(accountId);
  expect(after.events).toHaveLength(3);
  expect(after.monthly).toEqual([[3, 71, 50, 21 * 6000]]);
  expect(after.daily).toEqual([[3, 71, 21 * 6000]]);
});

test('a first attempt does not look for its calls in the ledger: one found there fails the batch, which its retry then records once', async () => {
  const { accountId, keyId } = await newAccountWithKey();
  const batch = [call(accountId, keyId, 30)];
  await write(batch);
  const once = await ledger(accountId);
  const firstAttempt = pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3, false)', [
    JSON.stringify(batch),
    FREE_UNITS_PER_MONTH,
    SENTIMENT_SURCHARGE_MICROS,
  ]);
  await expect(firstAttempt).rejects.toMatchObject({ code: '23505' }); // unique_violation: nothing written
  expect(await ledger(accountId)).toEqual(once);
  await write(batch); // the retry
  expect(await ledger(accountId)).toEqual(once);
});

test('the groups the API server sends and the groups found in the batch bill alike', async () => {
  const other = '/v1/socialnet/locations';
  const shape = [
    [ENDPOINT, 30],
    [other, 1],
    [ENDPOINT, 40],
    [other, 2],
    [ENDPOINT, 5],
  ] as const;
  const records = (accountId: string, keyId: string) =>
    shape.map(([endpoint, units]) => ({
      record: {
        id: `req_${randomUUID().replace(/-/g, '')}`,
        accountId,
        apiKeyId: keyId,
        endpoint,
        month: billingMonth(),
        status: 200,
        units,
        priceMicros: 6000,
        sentiment: false,
        latencyMs: 1,
        createdAt: new Date(),
        reservedFree: 0,
        counted: true,
      },
      touchesKey: true,
    }));
  const sent = await newAccountWithKey();
  const found = await newAccountWithKey();
  const params = encodeBatch(records(sent.accountId, sent.keyId), false);
  expect(params.slice(4)).toEqual([
    [sent.accountId, sent.accountId],
    [ENDPOINT, other],
    [billingMonth(), billingMonth()],
  ]);
  const bySent = await pool.query({ ...RECORD_USAGE_SQL, values: params });
  const foundParams = encodeBatch(records(found.accountId, found.keyId), false).slice(0, 4);
  const byFound = await pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3, $4)', foundParams);
  const billing = (rows: { free_units: number; amount_micros: string; free_remaining: number }[]) =>
    rows.map((r) => [r.free_units, r.amount_micros, r.free_remaining]);
  expect(billing(bySent.rows)).toEqual([
    [30, '0', 0],
    [1, '0', 47],
    [20, String(20 * 6000), 0],
    [2, '0', 47],
    [0, String(5 * 6000), 0],
  ]);
  expect(billing(byFound.rows)).toEqual(billing(bySent.rows));
  // The same rows, but for the request ids (and so the order they are read in).
  const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
  const strip = (l: Awaited<ReturnType<typeof ledger>>) => ({
    events: sorted(l.events.map(([, ...rest]) => rest)),
    monthly: sorted(l.monthly),
    daily: sorted(l.daily),
  });
  expect(strip(await ledger(found.accountId))).toEqual(strip(await ledger(sent.accountId)));
});
