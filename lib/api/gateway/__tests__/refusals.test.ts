// Refused calls (bad parameters, the free tier used up, too many at once) are tallied per key,
// endpoint, status and minute instead of one ledger row each, while served calls stay one row each.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { billedAndCounted, nothingBilled, refusals, usageEvents } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

test('1,000 refused calls add a row a minute, whose counts sum to 1,000; served calls keep one row each', {
  timeout: 60_000,
}, async () => {
  const account = await newAccountWithKey();
  const refused = await Promise.all(
    Array.from({ length: 1000 }, () =>
      api.get('/v1/forumsite/community', { key: account.key, params: { community: 'news', bogus: 1 } }),
    ),
  );
  expect(new Set(refused.map((r) => r.status))).toEqual(new Set([400]));
  const served = await Promise.all(
    Array.from({ length: 5 }, () =>
      api.get('/v1/forumsite/community', { key: account.key, params: { community: 'news' } }),
    ),
  );
  expect(served.map((r) => r.status)).toEqual(Array(5).fill(200));

  const rows = await db.usageRefusal.findMany({ where: { accountId: account.accountId } });
  // A minute boundary may fall inside the burst: at most two rows.
  expect(rows.length).toBeGreaterThanOrEqual(1);
  expect(rows.length).toBeLessThanOrEqual(2);
  expect(
    rows.every((r) => r.apiKeyId === account.keyId && r.endpoint === '/v1/forumsite/community' && r.status === 400),
  ).toBe(true);
  expect(await refusals(account.accountId)).toEqual({ 400: 1000 });

  const events = await usageEvents(account.accountId);
  expect(events.map((e) => e.id).sort()).toEqual(served.map((r) => r.headers.get('x-request-id')).sort());
  expect((await billedAndCounted(account.accountId)).requests).toBe(5);
});

test('a refused call still answers with its billing headers, all zero', async () => {
  const account = await newAccountWithKey();
  const response = await api.get('/v1/forumsite/community', { key: account.key, params: { bogus: 1 } });
  expect(response.status).toBe(400);
  expect(['x-billed-units', 'x-free-units', 'x-billed-amount-micros'].map((h) => response.headers.get(h))).toEqual([
    '0',
    '0',
    '0',
  ]);
  expect(await billedAndCounted(account.accountId)).toEqual(nothingBilled);
});
