// Spending caps through the real gateway: the sentiment surcharge counts against a cap,
// and a monthly cap's Retry-After is the time to the next UTC month.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';

import { capRefusal } from '../spend-caps';
import { billedAndCounted, refusals } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';
import { billingMonth } from '@/lib/utc-month';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
  await pool.end();
});

// $0.006 a page, $0.007 with sentiment.
const COMMENTS = '/v1/clipnet/video/comments';
const comments = (pages: number, sentiment: boolean) => ({
  video_id: '7301234567890123450',
  pages,
  get_sentiment: sentiment,
});

/** An account with a card whose free pages of COMMENTS this month are used up (recorded as the gateway records them). */
async function pastTheFreeTier(caps: { dailyCapMicros?: bigint; monthlyCapMicros?: bigint }) {
  const account = await newAccountWithKey();
  const call = {
    id: `req_${randomUUID().replace(/-/g, '')}`,
    a: account.accountId,
    k: account.keyId,
    e: COMMENTS,
    m: billingMonth(),
    s: 200,
    u: 50,
    p: 6000,
    snt: false,
    l: 3,
    t: new Date().toISOString().slice(0, 23),
    r: 0,
    c: true,
    sc: false,
  };
  // 50 free pages, the month's whole free tier (the spec's), and $0.001 surcharge per billed page with sentiment.
  await pool.query('SELECT * FROM record_usage($1::jsonb, $2, $3)', [JSON.stringify([call]), 50, 1000]);
  await db.account.update({ where: { id: account.accountId }, data: caps });
  return account;
}

test('a spending cap counts the sentiment surcharge: a call that fits without sentiment is refused only with it', async () => {
  // 10 pages could cost $0.06, or $0.07 with sentiment: the cap of $0.065 lies between.
  const account = await pastTheFreeTier({ dailyCapMicros: 65_000n });
  const withSentiment = await api.get(COMMENTS, { key: account.key, params: comments(10, true) });
  expect({ status: withSentiment.status, code: ((await withSentiment.json()) as { code: string }).code }).toEqual({
    status: 429,
    code: 'daily_limit_exceeded',
  });
  expect(withSentiment.headers.get('x-billed-units')).toBe('0');
  const without = await api.get(COMMENTS, { key: account.key, params: comments(10, false) });
  expect(without.status).toBe(200);
  expect(await refusals(account.accountId)).toEqual({ 429: 1 });
  expect((await billedAndCounted(account.accountId)).amountMicros).toBeLessThanOrEqual(65_000);
});

test("the monthly cap's Retry-After is the time to the next UTC month", async () => {
  const account = await pastTheFreeTier({ monthlyCapMicros: 10_000n }); // $0.01
  const before = Date.now();
  const refused = await api.get(COMMENTS, { key: account.key, params: comments(10, false) });
  const after = Date.now();
  expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
    status: 429,
    code: 'monthly_limit_exceeded',
  });
  const now = new Date(before);
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  const retryAfter = Number(refused.headers.get('retry-after'));
  // Whenever in [before, after] the call took its moment, the seconds from it to the 1st, 00:00 UTC.
  expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((nextMonth - after) / 1000));
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil((nextMonth - before) / 1000));

  // At moments of our choosing, on the 26th, on the last day of February and in the last second of a year.
  const standing = {
    blocked: false,
    hasPaymentMethod: true,
    billingByInvoice: false,
    emailUnverified: false,
    dailyCapMicros: null,
    monthlyCapMicros: 10_000,
    prepaid: false,
  };
  const monthly = (at: string) => capRefusal('monthly_limit_exceeded', standing, new Date(at)).headers['retry-after'];
  expect(monthly('2026-11-26T10:00:00.000Z')).toBe(String((4 * 24 + 14) * 3600));
  expect(monthly('2027-02-28T23:00:00.000Z')).toBe('3600');
  expect(monthly('2026-12-31T23:59:59.500Z')).toBe('1');
});
