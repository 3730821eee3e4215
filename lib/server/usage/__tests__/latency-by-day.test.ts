// Latency and errors by day: p50/p95 and the error rate the /usage charts draw, from calls written
// by record_usage as the gateway writes them, at chosen times, latencies and statuses, so that
// every figure can be checked exactly.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { newAccountWithKey } from '@/lib/api/__tests__/support/harness';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { getLatencyByDay } from '../get-latency-by-day';
import { getMonthByDay } from '../get-month-by-day';
import { billingMonth } from '@/lib/utc-month';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(() => pool.end());

const SEARCH = '/v1/shop/products';
const POSTS = '/v1/forumsite/community/posts';
const MONTH = '2026-10';

type Call = {
  accountId: string;
  keyId: string;
  endpoint: string;
  at: string;
  latencyMs?: number;
  status?: number;
  refused?: boolean;
};

/** record_usage directly, as the gateway's writer calls it; a refused call has no units and c false. */
async function writeCalls(calls: Call[]) {
  const batch = calls.map((c) => {
    const at = new Date(c.at);
    return {
      id: `req_${randomUUID().replace(/-/g, '')}`,
      a: c.accountId,
      k: c.keyId,
      e: c.endpoint,
      m: billingMonth(at),
      s: c.status ?? 200,
      u: c.refused ? 0 : 1,
      p: 6000,
      snt: false,
      l: c.latencyMs ?? 0,
      t: at.toISOString().slice(0, 23),
      r: 0,
      c: !c.refused,
      sc: false,
      ...(c.status && c.status >= 400 ? { cd: 'some_error' } : {}),
    };
  });
  await pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3)', [
    JSON.stringify(batch),
    FREE_UNITS_PER_MONTH,
    SENTIMENT_SURCHARGE_MICROS,
  ]);
}

async function seededAccount() {
  const account = await newAccountWithKey();
  const second = await createApiKey({
    accountId: account.accountId,
    actor: { id: null, label: 'test' },
    name: 'second',
  });
  const { accountId, keyId } = account;
  // 3 October: ten answered calls at 10, 20, …, 100 ms (one 404, one 502) and two refused (429, 400).
  await writeCalls([
    ...Array.from({ length: 10 }, (_, i) => ({
      accountId,
      keyId,
      endpoint: SEARCH,
      at: `2026-10-03T${String(i).padStart(2, '0')}:00:00.000Z`,
      latencyMs: (i + 1) * 10,
      status: i === 3 ? 404 : i === 7 ? 502 : 200,
    })),
    { accountId, keyId, endpoint: SEARCH, at: '2026-10-03T12:00:00.000Z', status: 429, refused: true },
    { accountId, keyId, endpoint: SEARCH, at: '2026-10-03T12:00:30.000Z', status: 400, refused: true },
  ]);
  // 20 October: three calls of the second key to another endpoint, the last in the day's last millisecond.
  await writeCalls(
    [5, 7, 100].map((latencyMs, i) => ({
      accountId,
      keyId: second.record.id,
      endpoint: POSTS,
      latencyMs,
      at: i === 2 ? '2026-10-20T23:59:59.999Z' : `2026-10-20T0${i}:00:00.000Z`,
    })),
  );
  // Outside the month, by a millisecond either side: not counted.
  await writeCalls([
    { accountId, keyId, endpoint: SEARCH, at: '2026-09-30T23:59:59.999Z', latencyMs: 9000, status: 500 },
    { accountId, keyId, endpoint: SEARCH, at: '2026-11-01T00:00:00.000Z', latencyMs: 9000, status: 500 },
  ]);
  return { accountId, keyId, secondKeyId: second.record.id };
}

const now = new Date('2026-11-26T10:00:00Z');

describe('getLatencyByDay', () => {
  test('gives exact p50, p95 and error rate per UTC day, refused calls counted as errors', async () => {
    const { accountId } = await seededAccount();
    // Another account's slow failing calls the same days must not show.
    const other = await newAccountWithKey();
    await writeCalls([
      {
        accountId: other.accountId,
        keyId: other.keyId,
        endpoint: SEARCH,
        at: '2026-10-03T05:00:00.000Z',
        latencyMs: 5000,
        status: 500,
      },
    ]);

    const result = await getLatencyByDay({ accountId, month: MONTH, now });
    expect(result.days).toHaveLength(31);
    expect(result.days[0]!.date).toBe('2026-10-01');
    expect(result.days.at(-1)!.date).toBe('2026-10-31');
    expect(result.days.find((d) => d.date === '2026-10-03')).toEqual({
      date: '2026-10-03',
      calls: 12,
      clientErrors: 3,
      serverErrors: 1,
      errorRate: 4 / 12,
      p50Ms: 55,
      p95Ms: 95.5,
    });
    const twentieth = result.days.find((d) => d.date === '2026-10-20')!;
    expect(twentieth).toMatchObject({
      calls: 3,
      clientErrors: 0,
      serverErrors: 0,
      errorRate: 0,
      p50Ms: 7,
      p95Ms: 90.7,
    });
    expect(result.days.filter((d) => d.calls > 0).map((d) => d.date)).toEqual(['2026-10-03', '2026-10-20']);
    expect(result.days.find((d) => d.date === '2026-10-01')).toEqual({
      date: '2026-10-01',
      calls: 0,
      clientErrors: 0,
      serverErrors: 0,
      errorRate: null,
      p50Ms: null,
      p95Ms: null,
    });
    expect(result).toMatchObject({ calls: 15, errorRate: 4 / 15, loggedFrom: null });
  });

  test('counts a 500 as a server error like a 502, and a 499 as a client error', async () => {
    const { accountId, keyId } = await newAccountWithKey();
    await writeCalls(
      [500, 502, 499, 200].map((status, i) => ({
        accountId,
        keyId,
        endpoint: SEARCH,
        at: `2026-10-07T0${i}:00:00.000Z`,
        status,
      })),
    );
    const result = await getLatencyByDay({ accountId, month: MONTH, now });
    expect(result.days.find((d) => d.date === '2026-10-07')).toMatchObject({
      calls: 4,
      clientErrors: 1,
      serverErrors: 2,
      errorRate: 3 / 4,
    });
  });

  test('filters by endpoint and by key, refusals included', async () => {
    const { accountId, keyId, secondKeyId } = await seededAccount();
    const search = await getLatencyByDay({ accountId, month: MONTH, endpoint: SEARCH, now });
    expect(search.days.filter((d) => d.calls > 0).map((d) => [d.date, d.calls, d.p50Ms])).toEqual([
      ['2026-10-03', 12, 55],
    ]);
    const posts = await getLatencyByDay({ accountId, month: MONTH, endpoint: POSTS, now });
    expect(posts.days.filter((d) => d.calls > 0).map((d) => [d.date, d.calls, d.p50Ms])).toEqual([
      ['2026-10-20', 3, 7],
    ]);
    const second = await getLatencyByDay({ accountId, month: MONTH, keyId: secondKeyId, now });
    expect(second).toMatchObject({ calls: 3, errorRate: 0 });
    const first = await getLatencyByDay({ accountId, month: MONTH, keyId, endpoint: POSTS, now });
    expect(first).toMatchObject({ calls: 0, errorRate: null });
    expect(first.days.every((d) => d.p50Ms === null && d.p95Ms === null)).toBe(true);
  });

  test('says from which day the pruned log still holds the month', async () => {
    const { accountId } = await seededAccount();
    // Kept 40 days at 2026-11-26T10:00: from 2026-10-17T10:00, so the first whole day is the 18th.
    expect((await getLatencyByDay({ accountId, month: MONTH, retentionDays: 40, now })).loggedFrom).toBe('2026-10-18');
    expect((await getLatencyByDay({ accountId, month: MONTH, retentionDays: 60, now })).loggedFrom).toBeNull();
  });
});

describe('getMonthByDay', () => {
  test("lists every day of the month with the calls and spend the ledger billed, the account's only", async () => {
    const { accountId, keyId } = await seededAccount();
    // 55 calls on the 5th to an endpoint not called before: 50 free units, then 5 at $0.006.
    await writeCalls(
      Array.from({ length: 55 }, () => ({
        accountId,
        keyId,
        endpoint: '/v1/clipnet/video/comments',
        at: '2026-10-05T08:00:00.000Z',
        latencyMs: 1,
      })),
    );
    const result = await getMonthByDay({ accountId, now: new Date('2026-10-20T12:00:00Z') });
    expect(result).toMatchObject({ month: '2026-10', today: '2026-10-20' });
    expect(result.days).toHaveLength(31);
    // Refused calls are not in the ledger's count of calls; the 404 and 502 are.
    expect(result.days.filter((d) => d.calls > 0)).toEqual([
      { date: '2026-10-03', calls: 10, amountMicros: 0 },
      { date: '2026-10-05', calls: 55, amountMicros: 30_000 },
      { date: '2026-10-20', calls: 3, amountMicros: 0 },
    ]);
    const other = await newAccountWithKey();
    expect(
      (await getMonthByDay({ accountId: other.accountId, now: new Date('2026-10-20T12:00:00Z') })).days.every(
        (d) => d.calls === 0,
      ),
    ).toBe(true);
  });
});
