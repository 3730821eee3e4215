// Billing through the real gateway and database: pages returned, per-request units, the free
// tier (with and without a payment method), the sentiment surcharge, billed errors, and the
// monthly totals agreeing with the events and with the headers the client saw.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '../../pricing';
import { billing, byPath, refusals, usageEvents } from '../../__tests__/support/cases';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';
import { billingMonth } from '@/lib/utc-month';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const POSTS = '/v1/forumsite/community/posts';
const PRICE = byPath(POSTS).priceMicros;
// A sandbox community whose posts never run out for the page counts used here (guarded below).
const FULL = 'gardening';
type Params = Record<string, string | number | boolean>;

async function call(account: TestAccount, path: string, params: Params) {
  const response = await api.get(path, { key: account.key, params });
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    body,
    bill: billing(response),
    id: response.headers.get('x-request-id')!,
    truncated: response.headers.get('x-free-tier-truncated'),
  };
}

/** Forumsite posts of the FULL community; checks the sandbox returned every page asked for. */
async function posts(account: TestAccount, pages: number, extra: Params = {}) {
  const result = await call(account, POSTS, { community: FULL, pages, ...extra });
  expect(result.status).toBe(200);
  return result;
}

describe('units', () => {
  test.each([
    ['/v1/textthreads/user/posts', { username: 'nytimes', pages: 10 }],
    [POSTS, { community: 'cooking', pages: 40 }],
  ])('bills only the pages returned when %s runs out early', async (path, params) => {
    const account = await newAccountWithKey();
    const { status, body, bill, id } = await call(account, path, params);
    expect(status).toBe(200);
    expect(body.pages).toBeLessThan(params.pages);
    expect(bill.units).toBe(body.pages);
    expect((await db.usageEvent.findUniqueOrThrow({ where: { id } })).units).toBe(body.pages);
  });

  test.each([
    ['/v1/shop/seller/reviews', { seller_id: 'A2L77EE7U53NWQ', page: 50 }],
    ['/v1/shop/products', { query: 'lamp', page: 20 }],
    ['/v1/newsletter/users', { query: 'climate', page: 4 }],
    ['/v1/news/articles', { query: 'energy', limit: 100 }],
  ])('bills %s as one unit whatever page or limit', async (path, params) => {
    const account = await newAccountWithKey();
    const { status, bill } = await call(account, path, params);
    expect({ status, units: bill.units }).toEqual({ status: 200, units: 1 });
  });
});

describe('the free tier with a card on file', () => {
  test('gives the first 50 units free, then bills each unit at the endpoint price', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    for (let i = 1; i <= 5; i++) {
      const { bill } = await posts(account, 10);
      expect(bill).toEqual({ units: 10, free: 10, amount: 0, remaining: FREE_UNITS_PER_MONTH - 10 * i });
    }
    const { bill } = await posts(account, 1);
    expect(bill).toEqual({ units: 1, free: 0, amount: PRICE, remaining: 0 });
  });

  test('splits a call that crosses the boundary into free and billed units exactly', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const first = await posts(account, 40);
    expect({ bill: first.bill, truncated: first.truncated }).toEqual({
      bill: { units: 40, free: 40, amount: 0, remaining: 10 },
      truncated: null,
    });
    expect((await posts(account, 20)).bill).toEqual({ units: 20, free: 10, amount: 10 * PRICE, remaining: 0 });
  });

  test('adds the sentiment surcharge to billed units only', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    expect((await posts(account, 5, { get_sentiment: true })).bill).toEqual({
      units: 5,
      free: 5,
      amount: 0,
      remaining: 45,
    });
    await posts(account, 40);
    const crossing = await posts(account, 10, { get_sentiment: true });
    expect(crossing.bill).toEqual({
      units: 10,
      free: 5,
      amount: 5 * (PRICE + SENTIMENT_SURCHARGE_MICROS),
      remaining: 0,
    });
    const event = await db.usageEvent.findUniqueOrThrow({ where: { id: crossing.id } });
    expect({ sentiment: event.sentiment, amount: Number(event.amountMicros) }).toEqual({
      sentiment: true,
      amount: crossing.bill.amount,
    });
  });

  test('gives a per-request endpoint 50 free requests, then bills price plus surcharge per request', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const path = '/v1/shop/seller/reviews';
    const params = { seller_id: 'A2L77EE7U53NWQ', get_sentiment: true };
    for (let i = 1; i <= FREE_UNITS_PER_MONTH; i++) {
      expect((await call(account, path, { ...params, page: (i % 50) + 1 })).bill).toEqual({
        units: 1,
        free: 1,
        amount: 0,
        remaining: 50 - i,
      });
    }
    expect((await call(account, path, params)).bill).toEqual({
      units: 1,
      free: 0,
      amount: byPath(path).priceMicros + SENTIMENT_SURCHARGE_MICROS,
      remaining: 0,
    });
    expect((await call(account, path, { seller_id: 'A2L77EE7U53NWQ' })).bill.amount).toBe(byPath(path).priceMicros);
  });

  test('splits concurrent calls across the boundary so that exactly 50 units are free', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const results = await Promise.all(Array.from({ length: 8 }, () => posts(account, 10)));
    expect(results.reduce((sum, r) => sum + r.bill.free, 0)).toBe(FREE_UNITS_PER_MONTH);
    expect(results.reduce((sum, r) => sum + r.bill.amount, 0)).toBe((80 - FREE_UNITS_PER_MONTH) * PRICE);
  });

  test('counts each endpoint separately', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    await posts(account, 40);
    await posts(account, 10);
    const other = await call(account, '/v1/forumsite/community', { community: FULL });
    expect(other.bill).toEqual({ units: 1, free: 1, amount: 0, remaining: FREE_UNITS_PER_MONTH - 1 });
  });
});

/** The first day of next month, UTC, as the 402 names it. */
function nextMonthStart(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

describe('the free tier without a payment method', () => {
  test('caps pages to the free units left, then answers 402 payment_required and bills nothing', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    const first = await posts(account, 40);
    expect({ bill: first.bill, truncated: first.truncated }).toEqual({
      bill: { units: 40, free: 40, amount: 0, remaining: 10 },
      truncated: null,
    });
    const capped = await posts(account, 20);
    expect({
      pages: capped.body.pages,
      count: capped.body.count,
      bill: capped.bill,
      truncated: capped.truncated,
    }).toEqual({
      pages: 10,
      count: 10 * 25,
      bill: { units: 10, free: 10, amount: 0, remaining: 0 },
      truncated: 'true',
    });

    const response = await api.get(POSTS, { key: account.key, params: { community: FULL } });
    expect({
      status: response.status,
      body: await response.json(),
      remaining: response.headers.get('x-free-tier-remaining'),
    }).toEqual({
      status: 402,
      body: {
        error: `The free tier of ${POSTS} (50 units a month) is used up; it resets on ${nextMonthStart()} at 00:00 UTC. Add a payment method at ${env.CONSOLE_PUBLIC_URL ?? `http://localhost:${env.PORT}`}/billing to continue now.`,
        code: 'payment_required',
      },
      remaining: '0',
    });
    const events = await usageEvents(account.accountId);
    // The refused 402 call is counted among the refusals, with nothing billed.
    expect(events.map((e) => [e.status, e.units, e.freeUnits, Number(e.amountMicros)])).toEqual([
      [200, 40, 40, 0],
      [200, 10, 10, 0],
    ]);
    expect(await refusals(account.accountId)).toEqual({ 402: 1 });
    const other = await call(account, '/v1/forumsite/community', { community: FULL });
    expect({ status: other.status, remaining: other.bill.remaining }).toEqual({
      status: 200,
      remaining: FREE_UNITS_PER_MONTH - 1,
    });
  });

  test('uses one free unit for a billed error, none for an unbilled one, and leaves no hold behind', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    const billed = await call(account, '/v1/textthreads/user/posts', { username: 'sandbox_not_found', pages: 5 });
    expect({ status: billed.status, bill: billed.bill }).toEqual({
      status: 404,
      bill: { units: 1, free: 1, amount: 0, remaining: 49 },
    });
    const unbilled = await call(account, '/v1/politicnet/user/posts', { username: 'sandbox_not_found', pages: 5 });
    expect({ status: unbilled.status, bill: unbilled.bill }).toEqual({
      status: 404,
      bill: { units: 0, free: 0, amount: 0, remaining: 50 },
    });
    const failed = await call(account, POSTS, { community: 'sandbox_upstream_error', pages: 30 });
    expect({ status: failed.status, remaining: failed.bill.remaining }).toEqual({ status: 502, remaining: 50 });
    expect(await db.callHold.count({ where: { accountId: account.accountId } })).toBe(0);
  });

  test('never gives concurrent calls more free pages together than the free tier holds', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(account, POSTS, { community: FULL, pages: 10 })),
    );
    const served = results.filter((r) => r.status === 200);
    // Refused: 429 while the free units left are held by the others, 402 once they are used.
    expect(results.every((r) => r.status === 200 || r.status === 402 || r.status === 429)).toBe(true);
    expect(served.reduce((sum, r) => sum + (r.body.pages as number), 0)).toBe(FREE_UNITS_PER_MONTH);
    expect(served.reduce((sum, r) => sum + r.bill.amount, 0)).toBe(0);
  });

  test('bills calls beyond the free tier of an account billed by invoice', async () => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    await posts(account, 40);
    expect((await posts(account, 20)).bill).toEqual({ units: 20, free: 10, amount: 10 * PRICE, remaining: 0 });
    expect((await posts(account, 1)).bill).toEqual({ units: 1, free: 0, amount: PRICE, remaining: 0 });
  });
});

describe('billing on errors', () => {
  test.each<{ name: string; path: string; params: Params; status: number; units: number }>([
    {
      name: 'textthreads user posts not_found',
      path: '/v1/textthreads/user/posts',
      params: { username: 'sandbox_not_found', pages: 5 },
      status: 404,
      units: 1,
    },
    {
      name: 'photonet following private_account',
      path: '/v1/photonet/user/following',
      params: { username: 'sandbox_private', pages: 7 },
      status: 403,
      units: 1,
    },
    {
      name: 'photonet following limited_account',
      path: '/v1/photonet/user/following',
      params: { username: 'sandbox_limited', pages: 7 },
      status: 403,
      units: 1,
    },
    {
      name: 'photonet user not_found',
      path: '/v1/photonet/user',
      params: { username: 'sandbox_not_found' },
      status: 404,
      units: 0,
    },
    {
      name: 'politicnet user posts not_found',
      path: '/v1/politicnet/user/posts',
      params: { username: 'sandbox_not_found', pages: 5 },
      status: 404,
      units: 0,
    },
    {
      name: 'videosite channel_not_found',
      path: '/v1/videosite/channel',
      params: { name: 'sandbox_not_found' },
      status: 404,
      units: 0,
    },
    {
      name: 'an upstream rate limit',
      path: POSTS,
      params: { community: 'sandbox_rate_limited', pages: 5 },
      status: 429,
      units: 0,
    },
    {
      name: 'an upstream error',
      path: '/v1/news/articles',
      params: { query: 'sandbox_upstream_error' },
      status: 502,
      units: 0,
    },
    {
      name: 'an upstream timeout',
      path: '/v1/textthreads/user/posts',
      params: { username: 'sandbox_timeout', pages: 3 },
      status: 504,
      units: 0,
    },
  ])('bills $name as $units unit(s)', async ({ path, params, status, units }) => {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const result = await call(account, path, params);
    expect({ status: result.status, units: result.bill.units }).toEqual({ status, units });
    const event = await db.usageEvent.findUniqueOrThrow({ where: { id: result.id } });
    expect({ status: event.status, units: event.units }).toEqual({ status, units });
  });
});

describe('records', () => {
  test('keeps the monthly totals equal to the sum of the events and of the headers the client saw', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const seen = new Map<string, { requests: number; units: number; freeUnits: number; amountMicros: number }>();
    const calls: [string, Params][] = [
      [POSTS, { community: FULL, pages: 40 }],
      [POSTS, { community: FULL, pages: 20, get_sentiment: true }],
      [POSTS, { community: FULL, pages: 3 }],
      [POSTS, { community: 'sandbox_upstream_error' }],
      ['/v1/textthreads/user/posts', { username: 'sandbox_not_found', pages: 9 }],
      ['/v1/textthreads/user/posts', { username: 'nytimes', pages: 10 }],
      ['/v1/shop/seller/reviews', { seller_id: 'A2L77EE7U53NWQ', get_sentiment: true }],
    ];
    for (const [path, params] of calls) {
      const { bill } = await call(account, path, params);
      const total = seen.get(path) ?? { requests: 0, units: 0, freeUnits: 0, amountMicros: 0 };
      seen.set(path, {
        requests: total.requests + 1,
        units: total.units + bill.units,
        freeUnits: total.freeUnits + bill.free,
        amountMicros: total.amountMicros + bill.amount,
      });
    }
    const events = await usageEvents(account.accountId);
    const fromEvents = new Map<string, { requests: number; units: number; freeUnits: number; amountMicros: number }>();
    for (const e of events) {
      const t = fromEvents.get(e.endpoint) ?? { requests: 0, units: 0, freeUnits: 0, amountMicros: 0 };
      fromEvents.set(e.endpoint, {
        requests: t.requests + 1,
        units: t.units + e.units,
        freeUnits: t.freeUnits + e.freeUnits,
        amountMicros: t.amountMicros + Number(e.amountMicros),
      });
    }
    const monthly = await db.usageMonthly.findMany({ where: { accountId: account.accountId, month: billingMonth() } });
    const fromMonthly = new Map(
      monthly.map((m) => [
        m.endpoint,
        { requests: m.requests, units: m.units, freeUnits: m.freeUnits, amountMicros: Number(m.amountMicros) },
      ]),
    );
    expect(fromEvents).toEqual(seen);
    expect(fromMonthly).toEqual(seen);
    expect(seen.get(POSTS)!.amountMicros).toBeGreaterThan(0);
  });

  test("sets the key's lastUsedAt when it makes a call", async () => {
    const account = await newAccountWithKey();
    const before = await db.apiKey.findUniqueOrThrow({ where: { id: account.keyId } });
    expect(before.lastUsedAt).toBeNull();
    const started = Date.now();
    await call(account, '/v1/forumsite/community', { community: FULL });
    const after = await db.apiKey.findUniqueOrThrow({ where: { id: account.keyId } });
    expect(after.lastUsedAt).not.toBeNull();
    expect(Math.abs(after.lastUsedAt!.getTime() - started)).toBeLessThan(60_000);
  });
});
