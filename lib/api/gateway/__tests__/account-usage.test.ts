// GET /v1/account/usage through the real gateway on PostgreSQL: its figures are the
// ledger's after billed and free calls, `month` picks the month, a restricted key reads only what
// it may call, the caps and the key's limit (over its roll lineage) say what is left, a blocked
// account still reads it, and reading it bills and counts nothing. forumsite posts cost $0.003 a
// page past the 50 free; news articles $0.003 a request. The clock is faked (Date only).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import { refreshAccountStanding } from '@/lib/server/billing/refresh-account-standing';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { checkParams } from '@/lib/explorer/validate-params';
import { billedAndCounted, refusals, usageEvents } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const USAGE = '/v1/account/usage';
const POSTS = '/v1/forumsite/community/posts';
const NEWS = '/v1/news/articles';
const NOW = new Date('2026-11-16T12:00:00.000Z');
const actor = { id: null, label: 'test' };

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await api?.close();
});

type Figures = { requests: number; units: number; free_units: number; billed_units: number; amount_micros: number };
type Limit = { limit_micros: number; spent_micros: number | null; remaining_micros: number | null } | null;
type UsageBody = {
  month: string;
  restricted_to: string[] | null;
  endpoints: (Figures & { endpoint: string; amount: string; free_units_remaining: number })[];
  total: Figures & { amount: string };
  today: { day: string; amount_micros: number; amount: string };
  caps: { daily: Limit; monthly: Limit };
  key: { prefix: string; last4: string; monthly_limit: Limit };
  account: { status: string; blocked_reason: string | null; due_now_micros: number; due_now: string };
};

async function usage(key: string, params: Record<string, string> = {}) {
  const response = await api.get(USAGE, { key, params });
  return { status: response.status, body: (await response.json()) as UsageBody, response };
}

async function posts(key: string, pages: number) {
  const response = await api.get(POSTS, { key, params: { community: 'gardening', pages } });
  expect(response.status).toBe(200);
}

async function news(key: string) {
  const response = await api.get(NEWS, { key, params: { query: 'climate' } });
  expect(response.status).toBe(200);
}

describe('GET /v1/account/usage: happy', () => {
  test("answers the month's figures per endpoint as the ledger has them, with today's spend, caps, key limit and standing", async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await setSpendingCaps({ accountId: account.accountId, dailyCapMicros: 1_000_000n, monthlyCapMicros: 5_000_000n });
    await setApiKeyLimit({
      accountId: account.accountId,
      keyId: account.keyId,
      actor,
      monthlyLimitMicros: 2_000_000n,
    });
    await posts(account.key, 40); // free
    await posts(account.key, 20); // 10 free, 10 billed: $0.03
    await news(account.key); // free
    expect((await api.get(NEWS, { key: account.key })).status).toBe(400); // refused: not in the ledger

    const { status, body, response } = await usage(account.key);
    expect(status).toBe(200);
    expect(response.headers.get('x-billed-units')).toBeNull();

    const ledger = await db.usageMonthly.findMany({ where: { accountId: account.accountId, month: '2026-11' } });
    const fromLedger = ledger
      .map((m) => ({
        endpoint: m.endpoint,
        requests: m.requests,
        units: m.units,
        free_units: m.freeUnits,
        amount_micros: Number(m.amountMicros),
      }))
      .sort((a, b) => a.endpoint.localeCompare(b.endpoint));
    expect(
      body.endpoints
        .map(({ endpoint, requests, units, free_units, amount_micros }) => ({
          endpoint,
          requests,
          units,
          free_units,
          amount_micros,
        }))
        .sort((a, b) => a.endpoint.localeCompare(b.endpoint)),
    ).toEqual(fromLedger);
    const events = await usageEvents(account.accountId);
    expect(body.total.amount_micros).toBe(events.reduce((sum, e) => sum + Number(e.amountMicros), 0));

    expect(body).toEqual({
      month: '2026-11',
      restricted_to: null,
      endpoints: [
        {
          endpoint: POSTS,
          requests: 2,
          units: 60,
          free_units: 50,
          billed_units: 10,
          amount_micros: 30_000,
          amount: '$0.03',
          free_units_remaining: 0,
        },
        {
          endpoint: NEWS,
          requests: 1,
          units: 1,
          free_units: 1,
          billed_units: 0,
          amount_micros: 0,
          amount: '$0.00',
          free_units_remaining: 49,
        },
      ],
      total: { requests: 3, units: 61, free_units: 51, billed_units: 10, amount_micros: 30_000, amount: '$0.03' },
      today: { day: '2026-11-16', amount_micros: 30_000, amount: '$0.03' },
      caps: {
        daily: {
          limit_micros: 1_000_000,
          limit: '$1.00',
          spent_micros: 30_000,
          spent: '$0.03',
          remaining_micros: 970_000,
          remaining: '$0.97',
        },
        monthly: {
          limit_micros: 5_000_000,
          limit: '$5.00',
          spent_micros: 30_000,
          spent: '$0.03',
          remaining_micros: 4_970_000,
          remaining: '$4.97',
        },
      },
      key: {
        prefix: account.key.slice(0, 12),
        last4: account.key.slice(-4),
        monthly_limit: {
          limit_micros: 2_000_000,
          limit: '$2.00',
          spent_micros: 30_000,
          spent: '$0.03',
          remaining_micros: 1_970_000,
          remaining: '$1.97',
        },
      },
      account: { status: 'active', blocked_reason: null, due_now_micros: 0, due_now: '$0.00' },
    });
  });

  test('is never billed, counted or taken from the free tier, even when the free tier is used up', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    await posts(account.key, 40);
    await posts(account.key, 10);
    expect((await api.get(POSTS, { key: account.key, params: { community: 'gardening' } })).status).toBe(402);
    const before = {
      ledger: await billedAndCounted(account.accountId),
      monthly: await db.usageMonthly.findMany({ where: { accountId: account.accountId } }),
      daily: await db.usageDaily.findMany({ where: { accountId: account.accountId } }),
      refusals: await refusals(account.accountId),
    };
    for (let i = 0; i < 3; i++) {
      const { status, body } = await usage(account.key);
      expect(status).toBe(200);
      expect(body.endpoints.map((e) => [e.endpoint, e.free_units, e.free_units_remaining])).toEqual([[POSTS, 50, 0]]);
      expect(body.caps).toEqual({ daily: null, monthly: null });
      expect(body.key.monthly_limit).toBeNull();
    }
    expect({
      ledger: await billedAndCounted(account.accountId),
      monthly: await db.usageMonthly.findMany({ where: { accountId: account.accountId } }),
      daily: await db.usageDaily.findMany({ where: { accountId: account.accountId } }),
      refusals: await refusals(account.accountId),
    }).toEqual(before);
  });

  test('month=YYYY-MM reads that month; the caps and the key limit stay about today and this month', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await setApiKeyLimit({
      accountId: account.accountId,
      keyId: account.keyId,
      actor,
      monthlyLimitMicros: 1_000_000n,
    });
    vi.setSystemTime(new Date('2026-09-20T08:00:00.000Z'));
    await posts(account.key, 40);
    await posts(account.key, 15); // 5 billed: $0.015
    vi.setSystemTime(NOW);
    await news(account.key);

    const september = await usage(account.key, { month: '2026-09' });
    expect(september.status).toBe(200);
    expect(september.body.month).toBe('2026-09');
    expect(september.body.endpoints.map((e) => [e.endpoint, e.units, e.free_units, e.amount_micros])).toEqual([
      [POSTS, 55, 50, 15_000],
    ]);
    expect(september.body.total).toMatchObject({ amount_micros: 15_000, amount: '$0.02' });
    expect(september.body.today).toEqual({ day: '2026-11-16', amount_micros: 0, amount: '$0.00' });
    expect(september.body.key.monthly_limit).toMatchObject({ spent_micros: 0, remaining_micros: 1_000_000 });

    const current = await usage(account.key);
    expect(current.body.month).toBe('2026-11');
    expect(current.body.endpoints.map((e) => [e.endpoint, e.units])).toEqual([[NEWS, 1]]);
    expect((await usage(account.key, { month: '2026-10' })).body.endpoints).toEqual([]);
  });

  test("a key's monthly limit counts its whole roll lineage and no other key", async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: 100_000n });
    await posts(account.key, 40);
    await posts(account.key, 20); // 10 billed: $0.03
    const rolled = await rollApiKey({ accountId: account.accountId, keyId: account.keyId, actor, grace: 'now' });
    await posts(rolled.key, 2); // $0.006
    const other = await createApiKey({ accountId: account.accountId, actor, name: 'other' });
    await posts(other.key, 5); // $0.015, another key's

    const { body } = await usage(rolled.key);
    expect(body.key.monthly_limit).toEqual({
      limit_micros: 100_000,
      limit: '$0.10',
      spent_micros: 36_000,
      spent: '$0.04',
      remaining_micros: 64_000,
      remaining: '$0.06',
    });
    expect(body.total.amount_micros).toBe(51_000);
  });

  test('a blocked account still reads its usage, with why it is blocked and what is due now', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await posts(account.key, 3);
    await db.invoice.create({
      data: {
        accountId: account.accountId,
        month: '2026-11',
        sequence: 1,
        status: 'open',
        amountMicros: 1_204_000n,
        amountCents: 120,
        attemptCount: 1,
        number: 'INV-7',
      },
    });
    expect((await refreshAccountStanding({ accountId: account.accountId })).blocked).toBe(true);
    expect((await api.get(POSTS, { key: account.key, params: { community: 'gardening' } })).status).toBe(403);

    const { status, body } = await usage(account.key);
    expect(status).toBe(200);
    expect(body.account).toEqual({
      status: 'blocked',
      blocked_reason: 'The payment of the invoice INV-7 for 2026-11 ($1.20) failed.',
      due_now_micros: 1_200_000,
      due_now: '$1.20',
    });
    expect(body.endpoints.map((e) => [e.endpoint, e.units])).toEqual([[POSTS, 3]]);
  });
});

describe('GET /v1/account/usage: security', () => {
  test('a key restricted to a family reads only that family, and the caps without the account spend', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await setSpendingCaps({ accountId: account.accountId, dailyCapMicros: 1_000_000n, monthlyCapMicros: null });
    await posts(account.key, 40);
    await posts(account.key, 20); // $0.03
    await news(account.key);
    const newsOnly = await createApiKey({ accountId: account.accountId, actor, name: 'news', scopes: ['news'] });
    const postsOnly = await createApiKey({ accountId: account.accountId, actor, name: 'posts', scopes: [POSTS] });

    const restricted = await usage(newsOnly.key);
    expect(restricted.status).toBe(200);
    expect(restricted.body.restricted_to).toEqual(['news']);
    expect(restricted.body.endpoints.map((e) => e.endpoint)).toEqual([NEWS]);
    expect(restricted.body.total).toMatchObject({ requests: 1, units: 1, amount_micros: 0 });
    expect(restricted.body.today.amount_micros).toBe(0);
    expect(restricted.body.caps).toEqual({
      daily: {
        limit_micros: 1_000_000,
        limit: '$1.00',
        spent_micros: null,
        spent: null,
        remaining_micros: null,
        remaining: null,
      },
      monthly: null,
    });

    const byEndpoint = await usage(postsOnly.key);
    expect(byEndpoint.body.restricted_to).toEqual([POSTS]);
    expect(byEndpoint.body.endpoints.map((e) => e.endpoint)).toEqual([POSTS]);
    expect(byEndpoint.body.today.amount_micros).toBe(30_000);

    const whole = await usage(account.key);
    expect(whole.body.endpoints.map((e) => e.endpoint)).toEqual([POSTS, NEWS]);
    expect(whole.body.caps.daily).toMatchObject({ spent_micros: 30_000, remaining_micros: 970_000 });
  });

  test('answers 401 without a key, with an unknown key and with a revoked one', async () => {
    const account = await newAccountWithKey();
    await revokeApiKey({ accountId: account.accountId, keyId: account.keyId, actor });
    const cases = [
      { key: null, body: { error: 'Missing API key', code: 'missing_api_key' } },
      { key: `ak_live_${'x'.repeat(32)}`, body: { error: 'Invalid API key', code: 'invalid_api_key' } },
      { key: account.key, body: { error: 'API key revoked', code: 'revoked_api_key' } },
    ];
    for (const { key, body } of cases) {
      const response = await api.get(USAGE, { key });
      expect({ status: response.status, body: await response.json() }).toEqual({ status: 401, body });
    }
  });
});

describe('GET /v1/account/usage: errors', () => {
  const bad = "Invalid parameter 'month': must be a month in the form YYYY-MM, e.g. 2026-03";
  test.each([
    { name: 'a month 13', query: '?month=2026-13', error: bad },
    { name: 'a one-digit month', query: '?month=2026-1', error: bad },
    { name: 'a date', query: '?month=2026-11-01', error: bad },
    {
      name: 'a month after the current one',
      query: '?month=2026-12',
      error: "Invalid parameter 'month': must not be after the current month (2026-11, UTC)",
    },
    {
      name: 'month twice',
      query: '?month=2026-10&month=2026-11',
      error: "Invalid parameter 'month': given more than once",
    },
    { name: 'an unknown parameter', query: '?months=2026-10', error: "Unknown parameter 'months'" },
  ])('refuses $name with 400 invalid_parameter naming the parameter', async ({ query, error }) => {
    const account = await newAccountWithKey();
    const response = await api.runtime.gateway.fetch(
      new Request(`http://api.test${USAGE}${query}`, { headers: { 'x-api-key': account.key } }),
    );
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { error, code: 'invalid_parameter' },
    });
  });

  test("the explorer's form refuses a bad month in the API's words and lets a good one through", () => {
    expect(checkParams(USAGE, [['month', '2026-13']])).toMatchObject({ message: bad, code: 'invalid_parameter' });
    expect(checkParams(USAGE, [['month', '2026-10']]).message).toBeNull();
    expect(checkParams(USAGE, []).message).toBeNull();
  });

  test('answers POST with 405 method_not_allowed', async () => {
    const account = await newAccountWithKey();
    const response = await api.post(USAGE, {}, account.key);
    expect(response.status).toBe(405);
    expect(await response.json()).toEqual({ error: `${USAGE} accepts GET only`, code: 'method_not_allowed' });
  });
});
