// Every refusal a key of the account received is listed in the request log with its status and
// error code, filterable like the calls, and never billed: 401 for a revoked, deleted, expired
// or rolled-out key, 403 account_blocked and key_not_permitted (alone and as a batch item), and
// the 429s of a key's own limit and of a daily cap told apart. The dashboard's error count equals
// the log's. Through the real gateway on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '@/lib/api/__tests__/support/harness';
import { db } from '@/lib/db';
import { refreshAccountStanding } from '@/lib/server/billing/refresh-account-standing';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyExpiry } from '@/lib/server/keys/set-api-key-expiry';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { billingMonth } from '@/lib/utc-month';
import { requestLogQuerySchema } from '@/lib/validation/usage';
import { getDashboardOverview } from '../get-dashboard-overview';
import { listUsageRequests } from '../list-usage-requests';

const actor = { id: null, label: 'test' };
const POSTS = '/v1/forumsite/community/posts';
const COMMUNITY = '/v1/forumsite/community';
const posts = (pages = 1) => ({ community: 'gardening', pages });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api.close();
});

const log = (accountId: string, q: Record<string, string> = {}) =>
  listUsageRequests({ accountId, query: requestLogQuerySchema.parse(q) });

/** The log's refusals as "status code endpoint key ×count", in a stable order. */
async function refusalLines(accountId: string, q: Record<string, string> = {}) {
  const { refusals } = await log(accountId, q);
  const byLine = new Map<string, number>();
  for (const r of refusals) {
    const line = `${r.status} ${r.code} ${r.endpoint} ${r.keyId}`;
    byLine.set(line, (byLine.get(line) ?? 0) + r.count);
  }
  return [...byLine].map(([line, count]) => `${line} ×${count}`).sort();
}

async function secondKey(account: TestAccount, options: { scopes?: string[]; name?: string } = {}) {
  const { key, record } = await createApiKey({ accountId: account.accountId, actor, name: 'second', ...options });
  return { key, keyId: record.id };
}

async function blockAccount(accountId: string) {
  await db.invoice.create({
    data: {
      accountId,
      month: billingMonth(),
      sequence: 1,
      status: 'open',
      amountMicros: 1_204_000n,
      amountCents: 120,
      attemptCount: 1,
      number: `INV-${accountId.slice(-6)}`,
    },
  });
  expect((await refreshAccountStanding({ accountId })).blocked).toBe(true);
}

async function expectStatus(response: Response, status: number, code: string) {
  expect({ status: response.status, code: ((await response.json()) as { code?: string }).code }).toEqual({
    status,
    code,
  });
}

describe('refusals of the key or its account are listed with status and code', () => {
  test('a revoked, a deleted, an expired and a rolled-out key each get their 401 listed, not billed and without billing headers', async () => {
    const account = await newAccountWithKey();
    const deleted = await secondKey(account, { name: 'deleted' });
    const expiring = await secondKey(account, { name: 'expiring' });
    const rolled = await secondKey(account, { name: 'rolled' });
    expect((await api.get(POSTS, { key: account.key, params: posts() })).status).toBe(200);

    await revokeApiKey({ accountId: account.accountId, keyId: account.keyId, actor });
    await deleteApiKey({ accountId: account.accountId, keyId: deleted.keyId, actor });
    const past = Date.now() - 120_000;
    await setApiKeyExpiry({
      accountId: account.accountId,
      keyId: expiring.keyId,
      actor,
      expiresAt: new Date(past + 60_000),
      now: new Date(past),
    });
    const successor = await rollApiKey({ accountId: account.accountId, keyId: rolled.keyId, actor, grace: 'now' });

    const revokedAnswer = await api.get(POSTS, { key: account.key, params: posts() });
    expect(revokedAnswer.headers.get('x-billed-units')).toBeNull();
    await expectStatus(revokedAnswer, 401, 'revoked_api_key');
    await expectStatus(await api.get(POSTS, { key: account.key, params: posts() }), 401, 'revoked_api_key');
    await expectStatus(await api.get(COMMUNITY, { key: deleted.key, params: posts() }), 401, 'invalid_api_key');
    await expectStatus(await api.get(POSTS, { key: expiring.key, params: posts() }), 401, 'expired_api_key');
    await expectStatus(await api.get('/v1/account/verify', { key: rolled.key }), 401, 'expired_api_key');
    expect((await api.get(POSTS, { key: successor.key, params: posts() })).status).toBe(200);

    expect(await refusalLines(account.accountId)).toEqual(
      [
        `401 revoked_api_key ${POSTS} ${account.keyId} ×2`,
        `401 invalid_api_key ${COMMUNITY} ${deleted.keyId} ×1`,
        `401 expired_api_key ${POSTS} ${expiring.keyId} ×1`,
        `401 expired_api_key /v1/account/verify ${rolled.keyId} ×1`,
      ].sort(),
    );
    // Never billed, never counted as served calls: the two served calls are the log's only rows.
    const { requests } = await log(account.accountId);
    expect(requests.map((r) => r.status)).toEqual([200, 200]);
    const monthly = await db.usageMonthly.aggregate({
      where: { accountId: account.accountId },
      _sum: { requests: true },
    });
    expect(monthly._sum.requests).toBe(2);
  });

  test("200 concurrent calls of a revoked key are all counted, a row a minute, and leave the key's last use alone", async () => {
    const account = await newAccountWithKey();
    await revokeApiKey({ accountId: account.accountId, keyId: account.keyId, actor });
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => api.get(POSTS, { key: account.key, params: posts() }).then((r) => r.status)),
    );
    expect(new Set(statuses)).toEqual(new Set([401]));
    const rows = await db.usageRefusal.findMany({ where: { accountId: account.accountId } });
    // A minute boundary may fall inside the burst: at most two rows.
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(200);
    expect(rows.every((r) => r.code === 'revoked_api_key' && r.status === 401)).toBe(true);
    const key = await db.apiKey.findUniqueOrThrow({ where: { id: account.keyId }, select: { lastUsedAt: true } });
    expect(key.lastUsedAt).toBeNull();
  });

  test('a key that names no account is refused with 401 and counted nowhere', async () => {
    const before = await db.usageRefusal.count({ where: { code: 'invalid_api_key' } });
    await expectStatus(
      await api.get(POSTS, { key: `ak_live_${'x'.repeat(40)}`, params: posts() }),
      401,
      'invalid_api_key',
    );
    expect(await db.usageRefusal.count({ where: { code: 'invalid_api_key' } })).toBe(before);
  });

  test('403 key_not_permitted, alone and as a batch item, and 403 account_blocked are listed', async () => {
    const account = await newAccountWithKey();
    const shopOnly = await secondKey(account, { scopes: ['shop'] });
    await expectStatus(await api.get(POSTS, { key: shopOnly.key, params: posts() }), 403, 'key_not_permitted');
    const batch = await api.post(
      '/v1/batch',
      {
        requests: [
          { path: '/v1/shop/products', params: { query: 'lamp' } },
          { path: COMMUNITY, params: { community: 'gardening' } },
        ],
      },
      shopOnly.key,
    );
    const items = ((await batch.json()) as { results: { status: number }[] }).results;
    expect(items.map((r) => r.status)).toEqual([200, 403]);

    await blockAccount(account.accountId);
    await expectStatus(await api.get(COMMUNITY, { key: account.key, params: posts() }), 403, 'account_blocked');

    expect(await refusalLines(account.accountId)).toEqual(
      [
        `403 key_not_permitted ${POSTS} ${shopOnly.keyId} ×1`,
        `403 key_not_permitted ${COMMUNITY} ${shopOnly.keyId} ×1`,
        `403 account_blocked ${COMMUNITY} ${account.keyId} ×1`,
      ].sort(),
    );
  });

  test("a key's own limit and the daily cap, both 429, are told apart by their codes", async () => {
    const account = await newAccountWithKey();
    const limited = await secondKey(account, { name: 'limited' });
    await setApiKeyLimit({ accountId: account.accountId, keyId: limited.keyId, actor, monthlyLimitMicros: 10_000n });
    // 40 free pages, then 10 free and 30 billed: past the key's $0.01.
    expect((await api.get(POSTS, { key: limited.key, params: posts(40) })).status).toBe(200);
    await expectStatus(await api.get(POSTS, { key: limited.key, params: posts(40) }), 429, 'key_limit_exceeded');
    await setSpendingCaps({ accountId: account.accountId, dailyCapMicros: 10_000n, monthlyCapMicros: null });
    await expectStatus(await api.get(POSTS, { key: account.key, params: posts(40) }), 429, 'daily_limit_exceeded');
    await expectStatus(
      await api.get(POSTS, { key: account.key, params: { community: 'gardening', bogus: 1 } }),
      400,
      'invalid_parameter',
    );

    expect(await refusalLines(account.accountId)).toEqual(
      [
        `429 key_limit_exceeded ${POSTS} ${limited.keyId} ×1`,
        `429 daily_limit_exceeded ${POSTS} ${account.keyId} ×1`,
        `400 invalid_parameter ${POSTS} ${account.keyId} ×1`,
      ].sort(),
    );
  });
});

describe('the refusals follow the log filters', () => {
  test('by status, code, key, endpoint, time and request id; a code filters the calls too', async () => {
    const account = await newAccountWithKey();
    const other = await secondKey(account);
    await expectStatus(
      await api.get(POSTS, { key: account.key, params: { community: 'gardening', bogus: 1 } }),
      400,
      'invalid_parameter',
    );
    const served = await api.get(COMMUNITY, { key: other.key, params: { community: 'gardening' } });
    expect(served.status).toBe(200);
    await revokeApiKey({ accountId: account.accountId, keyId: other.keyId, actor });
    await expectStatus(await api.get(COMMUNITY, { key: other.key, params: posts() }), 401, 'revoked_api_key');
    const id = account.accountId;
    const revoked = `401 revoked_api_key ${COMMUNITY} ${other.keyId} ×1`;
    const invalid = `400 invalid_parameter ${POSTS} ${account.keyId} ×1`;

    expect(await refusalLines(id, { code: 'revoked_api_key' })).toEqual([revoked]);
    expect((await log(id, { code: 'revoked_api_key' })).requests).toEqual([]);
    expect(await refusalLines(id, { key: other.keyId })).toEqual([revoked]);
    expect(await refusalLines(id, { endpoint: POSTS })).toEqual([invalid]);
    expect(await refusalLines(id, { status: '4xx' })).toEqual([invalid, revoked].sort());
    expect(await refusalLines(id, { status: 'refused' })).toEqual([invalid, revoked].sort());
    expect((await log(id, { status: 'refused' })).requests).toEqual([]);
    expect(await refusalLines(id, { status: '2xx' })).toEqual([]);
    expect(await refusalLines(id, { status: '5xx' })).toEqual([]);
    expect(await refusalLines(id, { requestId: served.headers.get('x-request-id')! })).toEqual([]);
    expect(await refusalLines(id, { from: new Date(Date.now() + 120_000).toISOString() })).toEqual([]);
    expect(await refusalLines(id, { to: new Date(Date.now() - 3_600_000).toISOString() })).toEqual([]);
    // Another account sees none of them.
    const stranger = await newAccountWithKey();
    expect(await refusalLines(stranger.accountId, { key: other.keyId })).toEqual([]);
    // A code the API never answers is refused, naming what it must be.
    expect(requestLogQuerySchema.safeParse({ code: 'no_such_code' }).error?.issues[0]?.message).toBe(
      "code must be one of the API's error codes, like key_limit_exceeded",
    );
  });

  test("the dashboard's error count over 24 hours equals the log's errors plus its refusals", async () => {
    const account = await newAccountWithKey();
    const shopOnly = await secondKey(account, { scopes: ['shop'] });
    expect((await api.get(POSTS, { key: account.key, params: posts() })).status).toBe(200);
    await expectStatus(await api.get(POSTS, { key: shopOnly.key, params: posts() }), 403, 'key_not_permitted');
    await expectStatus(
      await api.get(POSTS, { key: account.key, params: { community: 'gardening', bogus: 1 } }),
      400,
      'invalid_parameter',
    );
    // A served error: the sandbox's unknown community (404, in the log as a call of its own).
    await expectStatus(
      await api.get(COMMUNITY, { key: account.key, params: { community: 'sandbox_not_found' } }),
      404,
      'not_found',
    );
    await revokeApiKey({ accountId: account.accountId, keyId: shopOnly.keyId, actor });
    await expectStatus(await api.get(COMMUNITY, { key: shopOnly.key, params: posts() }), 401, 'revoked_api_key');

    const now = new Date();
    const since = new Date(now.getTime() - 86_400_000).toISOString();
    const overview = await getDashboardOverview({ accountId: account.accountId, now });
    const page = await log(account.accountId, { from: since });
    const servedErrors = page.requests.filter((r) => r.status >= 400).length;
    const refused = page.refusals.reduce((sum, r) => sum + r.count, 0);
    expect(refused).toBe(3);
    expect(servedErrors).toBe(1);
    expect(overview.last24h).toMatchObject({
      calls: page.requests.length + refused,
      refused,
      errors: servedErrors + refused,
    });
  });
});
