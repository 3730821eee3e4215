// The usage CSV: a month's export starts on its 1st (00:00 UTC), and key names that a
// spreadsheet would run as formulas are exported as text.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';
import { newAccountWithKey } from '@/lib/api/__tests__/support/harness';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { streamUsageCsv } from '../stream-usage-csv';
import { billingMonth } from '@/lib/utc-month';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
afterAll(async () => {
  await pool.end();
});

/** record_usage directly, as the gateway writes it, for calls at chosen times. */
async function writeCalls(
  calls: { accountId: string; keyId: string; endpoint: string; at: Date; units: number }[],
): Promise<void> {
  const batch = calls.map((c) => ({
    id: `req_${randomUUID().replace(/-/g, '')}`,
    a: c.accountId,
    k: c.keyId,
    e: c.endpoint,
    m: billingMonth(c.at),
    s: 200,
    u: c.units,
    p: 6000,
    snt: false,
    l: 3,
    t: c.at.toISOString().slice(0, 23),
    r: 0,
    c: true,
    sc: false,
  }));
  await pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3)', [
    JSON.stringify(batch),
    FREE_UNITS_PER_MONTH,
    SENTIMENT_SURCHARGE_MICROS,
  ]);
}

/** The CSV's data lines, as text. */
async function csvLines(accountId: string, month: string): Promise<string[]> {
  const text = await new Response(streamUsageCsv({ accountId, month })).text();
  return text.trimEnd().split('\r\n').slice(1);
}

test("a month's CSV includes its 1st day, from 00:00 UTC, and not the next month's", async () => {
  const account = await newAccountWithKey();
  const endpoint = '/v1/clipnet/videos';
  await writeCalls([
    { ...account, endpoint, at: new Date('2026-09-30T23:59:59.999Z'), units: 2 },
    { ...account, endpoint, at: new Date('2026-10-01T00:00:00.000Z'), units: 3 },
    { ...account, endpoint, at: new Date('2026-10-31T23:59:59.999Z'), units: 5 },
    { ...account, endpoint, at: new Date('2026-11-01T00:00:00.000Z'), units: 7 },
  ]);
  const rows = (await csvLines(account.accountId, '2026-10')).map((line) => line.split(','));
  expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([
    ['2026-10-01', endpoint, '3'],
    ['2026-10-31', endpoint, '5'],
  ]);
  expect((await csvLines(account.accountId, '2026-11')).map((line) => line.split(',')[0])).toEqual(['2026-11-01']);
});

test('key names a spreadsheet would run as formulas (=, +, -, @, tab) are exported as text', async () => {
  const account = await newAccountWithKey();
  const names = ['=HYPERLINK("x")', '+SUM(A1:A2)', '-1+2', '@cmd', '\tcmd', 'plain name'];
  const keys = [];
  for (const name of names)
    keys.push(await createApiKey({ accountId: account.accountId, actor: { id: null, label: 'test' }, name }));
  const at = new Date('2026-10-15T12:00:00.000Z');
  await writeCalls(
    keys.map((k) => ({
      accountId: account.accountId,
      keyId: k.record.id,
      endpoint: '/v1/clipnet/videos',
      at,
      units: 1,
    })),
  );

  const keyFields = new Map<string, string>();
  for (const line of await csvLines(account.accountId, '2026-10')) {
    // date,endpoint,key,requests,units,free_units,billable_units,amount_usd: the key is what lies between the endpoint and the last five fields.
    const key = line.split(',').slice(2, -5).join(',');
    const display = keys.find((k) => key.includes(`${k.record.prefix}…${k.record.last4}`))!;
    keyFields.set(
      names[keys.indexOf(display)]!,
      key.replace(` (${display.record.prefix}…${display.record.last4})`, ''),
    );
  }
  expect(Object.fromEntries(keyFields)).toEqual({
    '=HYPERLINK("x")': `"'=HYPERLINK(""x"")"`,
    '+SUM(A1:A2)': "'+SUM(A1:A2)",
    '-1+2': "'-1+2",
    '@cmd': "'@cmd",
    '\tcmd': "'\tcmd",
    'plain name': 'plain name',
  });
});
