// The usage reads against the ledger: what the console shows (month, log, CSV, dashboard) must
// equal what the gateway billed, call for call and micro-dollar for micro-dollar, for the
// signed-in account only.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { newAccountWithKey, startTestApi, type TestApi } from '@/lib/api/__tests__/support/harness';
import { db } from '@/lib/db';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { requestLogQuerySchema } from '@/lib/validation/usage';
import { getDashboardOverview } from '../get-dashboard-overview';
import { getUsageMonth } from '../get-usage-month';
import { listUsageRequests } from '../list-usage-requests';
import { pruneUsageLog } from '../prune-usage-log';
import { microsToUsd, streamUsageCsv } from '../stream-usage-csv';
import { billingMonth } from '@/lib/utc-month';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 });
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
  await pool.end();
});

const query = (q: Record<string, string | number> = {}) => requestLogQuerySchema.parse(q);

async function csvRows(accountId: string, month: string) {
  const text = await new Response(streamUsageCsv({ accountId, month })).text();
  const [header, ...lines] = text.trimEnd().split('\r\n');
  return { header, rows: lines.map((l) => l.split(',')) };
}

/** Sums a CSV's amount_usd column exactly, in micro-dollars. */
const usdToMicros = (usd: string) => BigInt(usd.replace('.', ''));

/** record_usage directly, for calls at chosen times (the gateway always writes "now"). */
function writeCalls(
  calls: {
    accountId: string;
    keyId: string;
    endpoint: string;
    at: Date;
    units: number;
    status?: number;
    id?: string;
  }[],
) {
  const batch = calls.map((c) => ({
    id: c.id ?? `req_${randomUUID().replace(/-/g, '')}`,
    a: c.accountId,
    k: c.keyId,
    e: c.endpoint,
    m: billingMonth(c.at),
    s: c.status ?? 200,
    u: c.units,
    p: 6000,
    snt: false,
    l: 3,
    t: c.at.toISOString().slice(0, 23),
    r: 0,
    c: true,
    sc: false,
  }));
  return pool
    .query('SELECT * FROM record_usage($1::jsonb, $2, $3)', [
      JSON.stringify(batch),
      FREE_UNITS_PER_MONTH,
      SENTIMENT_SURCHARGE_MICROS,
    ])
    .then(() => batch.map((b) => b.id));
}

describe('a month of usage under concurrent load through the gateway', () => {
  test('page, log, CSV and dashboard all equal the ledger and the billing headers', async () => {
    const account = await newAccountWithKey();
    const second = await createApiKey({
      accountId: account.accountId,
      actor: { id: null, label: 'test' },
      name: 'second, "quoted"',
    });
    const keys = [account.key, second.key];
    const calls = [
      ...Array.from(
        { length: 30 },
        (_, i) => ['/v1/forumsite/community/posts', { community: 'news', pages: 3 }, i] as const,
      ),
      ...Array.from(
        { length: 25 },
        (_, i) =>
          [
            '/v1/clipnet/video/comments',
            { video_id: `730123456789012345${i % 4}`, pages: 2, get_sentiment: i % 2 === 0 },
            i,
          ] as const,
      ),
      ...Array.from(
        { length: 10 },
        (_, i) => ['/v1/forumsite/community/posts', { community: 'news', pages: 'x' }, i] as const,
      ),
    ];
    // Concurrent, but at most 5 at a time per endpoint (the limit is 10 per endpoint and account).
    const byPath = new Map<string, (typeof calls)[number][]>();
    for (const c of calls) byPath.set(c[0], [...(byPath.get(c[0]) ?? []), c]);
    const responses = (
      await Promise.all(
        [...byPath.values()].map(async (group) => {
          const out: Response[] = [];
          for (let i = 0; i < group.length; i += 5) {
            out.push(
              ...(await Promise.all(
                group.slice(i, i + 5).map(([path, params, n]) => api.get(path, { key: keys[n % 2], params })),
              )),
            );
          }
          return out;
        }),
      )
    ).flat();
    const billed = responses.map((r) => ({
      status: r.status,
      requestId: r.headers.get('x-request-id'),
      units: Number(r.headers.get('x-billed-units') ?? 0),
      amount: BigInt(r.headers.get('x-billed-amount-micros') ?? 0),
    }));
    expect(billed.filter((b) => b.status === 200)).toHaveLength(55);
    const month = billingMonth();

    const usage = await getUsageMonth({ accountId: account.accountId, month });
    const ledger = await db.usageMonthly.findMany({ where: { accountId: account.accountId, month } });
    const sum = (f: (l: (typeof ledger)[number]) => number) => ledger.reduce((s, l) => s + f(l), 0);
    expect(usage.summary).toMatchObject({
      requests: sum((l) => l.requests),
      units: sum((l) => l.units),
      freeUnits: sum((l) => l.freeUnits),
      amountMicros: sum((l) => Number(l.amountMicros)),
    });
    expect(usage.summary.units).toBe(billed.reduce((s, b) => s + b.units, 0));
    expect(BigInt(usage.summary.amountMicros)).toBe(billed.reduce((s, b) => s + b.amount, 0n));
    expect(usage.summary.refused).toBe(10);
    // The endpoint lines add up to the summary; the chart's days too.
    expect(usage.endpoints.reduce((s, e) => s + e.amountMicros, 0)).toBe(usage.summary.amountMicros);
    const chartUnits = usage.chart.days.reduce((s, d) => s + Object.values(d.units).reduce((a, b) => a + b, 0), 0);
    expect(chartUnits).toBe(usage.summary.units);
    expect(usage.endpoints.find((e) => e.endpoint === '/v1/forumsite/community/posts')).toMatchObject({
      requests: 30,
      units: 90,
      freeUnits: 50,
      billableUnits: 40,
      freeLeft: 0,
    });

    // By key: the two keys' months add up to the whole.
    const [one, two] = await Promise.all([
      getUsageMonth({ accountId: account.accountId, month, keyId: account.keyId }),
      getUsageMonth({ accountId: account.accountId, month, keyId: second.record.id }),
    ]);
    expect(one.summary.amountMicros + two.summary.amountMicros).toBe(usage.summary.amountMicros);
    expect(one.summary.requests + two.summary.requests).toBe(usage.summary.requests);

    // The log lists every billed call with the request id its caller got.
    const logged = await listUsageRequests({ accountId: account.accountId, query: query({ limit: 200 }) });
    expect(new Set(logged.requests.map((r) => r.requestId))).toEqual(
      new Set(billed.filter((b) => b.status === 200).map((b) => b.requestId)),
    );
    const statusCount = async (status: string) =>
      (await listUsageRequests({ accountId: account.accountId, query: query({ status, limit: 200 }) })).requests.length;
    expect([await statusCount('2xx'), await statusCount('4xx'), await statusCount('5xx')]).toEqual([55, 0, 0]);
    const forumsite = await listUsageRequests({
      accountId: account.accountId,
      query: query({ endpoint: '/v1/forumsite/community/posts', key: account.keyId, limit: 200 }),
    });
    expect(forumsite.requests).toHaveLength(15);
    expect(
      (await listUsageRequests({ accountId: account.accountId, query: query({ endpoint: '/v1/news/articles' }) }))
        .requests,
    ).toEqual([]);
    const anyBilled = billed.find((b) => b.status === 200 && b.amount > 0n)!;
    const exact = await listUsageRequests({
      accountId: account.accountId,
      query: query({ requestId: anyBilled.requestId! }),
    });
    expect(exact.requests).toHaveLength(1);
    expect(exact.requests[0]).toMatchObject({
      units: anyBilled.units,
      amountMicros: Number(anyBilled.amount),
      status: 200,
    });

    // The CSV sums to the same micro-dollar, with its key names quoted.
    const csv = await csvRows(account.accountId, month);
    expect(csv.header).toBe('date,endpoint,key,requests,units,free_units,billable_units,amount_usd');
    const csvText = await new Response(streamUsageCsv({ accountId: account.accountId, month })).text();
    expect(csvText).toContain('"second, ""quoted"" (ak_live_');
    const amountColumn = csvText
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.slice(line.lastIndexOf(',') + 1));
    expect(amountColumn.reduce((s, a) => s + usdToMicros(a), 0n)).toBe(BigInt(usage.summary.amountMicros));

    // The dashboard: the same month's spend; the past-free-tier endpoint is listed.
    const home = await getDashboardOverview({ accountId: account.accountId });
    expect(home.spentMicros).toBe(usage.summary.amountMicros);
    expect(home.freeTier.find((e) => e.endpoint === '/v1/forumsite/community/posts')).toMatchObject({
      past: true,
      billableUnits: 40,
    });
    expect(home.last24h).toMatchObject({ calls: 65, refused: 10, errors: 10 });
    expect(home.firstSteps).toMatchObject({ called: true });
  });
});

test('the rollup equals the ledger for every account in the database', async () => {
  const { rows } = await pool.query(`
    SELECT m."accountId", m."month", m.units, m.amount, d.units AS "dailyUnits", d.amount AS "dailyAmount"
    FROM (SELECT "accountId", "month", SUM(units)::int AS units, SUM("amountMicros")::bigint AS amount FROM "UsageMonthly" GROUP BY 1, 2) m
    LEFT JOIN (SELECT "accountId", to_char("day", 'YYYY-MM') AS "month", SUM(units)::int AS units, SUM("amountMicros")::bigint AS amount
               FROM "UsageDaily" GROUP BY 1, 2) d ON d."accountId" = m."accountId" AND d."month" = m."month"
    WHERE m.units <> COALESCE(d.units, 0) OR m.amount <> COALESCE(d.amount, 0)`);
  expect(rows).toEqual([]);
});

test('UTC day and month boundaries: a call at 23:59:59.999 and one at 00:00 fall in different months', async () => {
  const account = await newAccountWithKey();
  const endpoint = '/v1/clipnet/videos';
  await writeCalls([
    { ...account, endpoint, at: new Date('2026-10-31T23:59:59.999Z'), units: 3 },
    { ...account, endpoint, at: new Date('2026-11-01T00:00:00.000Z'), units: 5 },
  ]);
  const [october, november] = await Promise.all([
    getUsageMonth({ accountId: account.accountId, month: '2026-10', now: new Date('2026-11-15T00:00:00Z') }),
    getUsageMonth({ accountId: account.accountId, month: '2026-11', now: new Date('2026-11-15T00:00:00Z') }),
  ]);
  expect(october.summary.units).toBe(3);
  expect(october.chart.days.at(-1)).toMatchObject({ date: '2026-10-31', units: { [endpoint]: 3 } });
  expect(october.chart.days).toHaveLength(31);
  expect(october.estimate).toBeNull();
  expect(november.estimate).toMatchObject({ kind: 'estimate', spentMicros: november.summary.amountMicros });
  expect(november.summary.units).toBe(5);
  expect(november.chart.days[0]).toMatchObject({ date: '2026-11-01', units: { [endpoint]: 5 } });
  expect(november.chart.days).toHaveLength(30);
  expect((await csvRows(account.accountId, '2026-10')).rows.map((r) => [r[0], r[4]])).toEqual([['2026-10-31', '3']]);
  const log = await listUsageRequests({ accountId: account.accountId, query: query({ from: '2026-11-01T00:00:00Z' }) });
  expect(log.requests.map((r) => r.units)).toEqual([5]);
});

test('the log cursor neither skips nor repeats a row while new calls arrive', async () => {
  const account = await newAccountWithKey();
  const endpoint = '/v1/clipnet/videos';
  const base = Date.parse('2026-11-10T12:00:00Z');
  // Many calls in the same millisecond: the request id breaks the ties.
  const first = await writeCalls(
    Array.from({ length: 23 }, (_, i) => ({ ...account, endpoint, at: new Date(base + Math.floor(i / 4)), units: 1 })),
  );
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const result: Awaited<ReturnType<typeof listUsageRequests>> = await listUsageRequests({
      accountId: account.accountId,
      query: query({ limit: 5, ...(cursor ? { cursor } : {}) }),
    });
    seen.push(...result.requests.map((r) => r.requestId));
    // Newer calls (and one at the very same millisecond as the newest) arrive between pages.
    await writeCalls([
      { ...account, endpoint, at: new Date(base + 1000 + page), units: 1 },
      { ...account, endpoint, at: new Date(base + 5), units: 1 },
    ]);
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  const arrivedDuring = seen.filter((id) => !first.includes(id));
  // Every original row once; the rows seen that were not original are only ones that sort after
  // the page they arrived behind (same-millisecond ties), never a repeat.
  expect(new Set(seen).size).toBe(seen.length);
  expect(first.every((id) => seen.includes(id))).toBe(true);
  expect(seen.length).toBe(first.length + arrivedDuring.length);
  const times = (await listUsageRequests({ accountId: account.accountId, query: query({ limit: 200 }) })).requests;
  const order = times.map((r) => `${r.createdAt}|${r.requestId}`);
  expect(order).toEqual([...order].sort().reverse());
});

test('a bad cursor is refused, not read', async () => {
  const account = await newAccountWithKey();
  await expect(
    listUsageRequests({ accountId: account.accountId, query: query({ cursor: 'not-a-cursor' }) }),
  ).rejects.toMatchObject({ code: 'bad_cursor' });
});

test("another account's usage behaves as if it did not exist", async () => {
  const owner = await newAccountWithKey();
  const other = await newAccountWithKey();
  const [id] = await writeCalls([{ ...owner, endpoint: '/v1/clipnet/videos', at: new Date(), units: 60 }]);
  await writeCalls([{ ...owner, endpoint: '/v1/clipnet/videos', at: new Date(), units: 1, status: 404 }]);
  const errors = await listUsageRequests({ accountId: owner.accountId, query: query({ status: '4xx' }) });
  expect(errors.requests.map((r) => r.status)).toEqual([404]);
  const month = billingMonth();
  const mine = await getUsageMonth({ accountId: owner.accountId, month });
  expect(mine.summary.units).toBe(61);
  // The other account, even naming the owner's key and request id, sees nothing.
  const theirs = await getUsageMonth({ accountId: other.accountId, month, keyId: owner.keyId });
  expect(theirs.summary).toMatchObject({ requests: 0, units: 0, amountMicros: 0 });
  expect(theirs.keys.map((k) => k.id)).not.toContain(owner.keyId);
  expect((await listUsageRequests({ accountId: other.accountId, query: query({ requestId: id! }) })).requests).toEqual(
    [],
  );
  expect(
    (await listUsageRequests({ accountId: other.accountId, query: query({ key: owner.keyId }) })).requests,
  ).toEqual([]);
  expect((await csvRows(other.accountId, month)).rows).toEqual([]);
  const home = await getDashboardOverview({ accountId: other.accountId });
  expect(home).toMatchObject({ spentMicros: 0, freeTier: [], firstSteps: { hasKey: true } });
});

test('pruning the log keeps the totals', async () => {
  const account = await newAccountWithKey();
  const endpoint = '/v1/clipnet/videos';
  // Long past, so the prune's cutoff reaches no call of the tests running beside this one.
  const now = new Date('2001-11-20T00:00:00Z');
  await writeCalls([
    { ...account, endpoint, at: new Date('2001-11-01T00:00:00Z'), units: 70 },
    { ...account, endpoint, at: new Date('2001-11-19T00:00:00Z'), units: 2 },
  ]);
  const before = await getUsageMonth({ accountId: account.accountId, month: '2001-11', now });
  await pruneUsageLog({ retentionDays: 10, now, batchSize: 1 });
  const log = await listUsageRequests({ accountId: account.accountId, query: query() });
  expect(log.requests.map((r) => r.units)).toEqual([2]);
  expect(await getUsageMonth({ accountId: account.accountId, month: '2001-11', now })).toEqual(before);
});

test('micro-dollars print as exact dollars with six decimals', () => {
  expect(microsToUsd(0n)).toBe('0.000000');
  expect(microsToUsd(1n)).toBe('0.000001');
  expect(microsToUsd(123_456_789_012n)).toBe('123456.789012');
});
