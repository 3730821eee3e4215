// Spending caps through the real gateway: the call that could pass a daily or monthly cap is
// refused with 429 and Retry-After, billed nothing; calls within the cap go through.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { billedAndCounted, refusals } from './cases';
import { newAccountWithKey, startTestApi, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

// $0.003 a page; the first 50 pages of the month are free.
const POSTS = '/v1/forumsite/community/posts';
const page = (pages: number) => ({ community: 'gardening', pages });

describe('spending caps', () => {
  test('refuses the call that could pass the daily cap, with Retry-After until midnight UTC', async () => {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 200_000n } }); // $0.20
    // 40 pages could cost $0.12 (the free tier is not counted in advance): under the cap.
    expect((await api.get(POSTS, { key: account.key, params: page(40) })).status).toBe(200);
    expect((await api.get(POSTS, { key: account.key, params: page(40) })).status).toBe(200); // 10 free, $0.09 billed
    const refused = await api.get(POSTS, { key: account.key, params: page(40) }); // $0.09 + up to $0.12 > $0.20
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; error: string };
    expect(body.code).toBe('daily_limit_exceeded');
    expect(body.error).toContain('$0.20');
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(Math.abs(Number(refused.headers.get('retry-after')) - (midnight - now.getTime()) / 1000)).toBeLessThan(5);
    expect(refused.headers.get('x-billed-units')).toBe('0');
    expect(await refusals(account.accountId)).toEqual({ 429: 1 });
    // A smaller call still fits.
    expect((await api.get(POSTS, { key: account.key, params: page(10) })).status).toBe(200);
    expect((await billedAndCounted(account.accountId)).amountMicros).toBe(90_000 + 30_000);
  });

  test('refuses with monthly_limit_exceeded past the monthly cap, and lifts at once when the cap is raised', async () => {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data: { monthlyCapMicros: 50_000n } });
    const refused = await api.get(POSTS, { key: account.key, params: page(20) }); // could cost $0.06
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({ status: 429, code: 'monthly_limit_exceeded' });
    await db.account.update({ where: { id: account.accountId }, data: { monthlyCapMicros: 1_000_000n } });
    expect((await api.get(POSTS, { key: account.key, params: page(20) })).status).toBe(200);
  });

  test('leaves accounts without caps alone', async () => {
    const account = await newAccountWithKey();
    expect((await api.get(POSTS, { key: account.key, params: page(40) })).status).toBe(200);
  });
});
