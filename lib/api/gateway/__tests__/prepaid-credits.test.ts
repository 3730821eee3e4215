// Prepaid credits at the gateway (reserve_call and record_usage in prisma/functions.sql): a
// prepaid account's calls take the free tier first, then draw their exact cost from the credit
// balance in the usage row's transaction; a call whose largest possible cost passes the balance
// less what calls in flight hold is refused before the platform is asked with 402
// insufficient_credits, so calls in flight together, on several API instances, never take the
// balance below zero. Caps hold on prepaid accounts as on post-paid ones; post-paid accounts draw nothing.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { addCredits } from '@/lib/server/billing/credits';
import { closeMonth } from '@/lib/server/billing/close-month';
import { findUnclosedMonths } from '@/lib/server/billing/find-unclosed-months';
import { billingMonth } from '@/lib/utc-month';
import { billing } from '../../__tests__/support/cases';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestAccount, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';
const PAGE_MICROS = 3_000; // forumsite posts, $0.003 a page
const page = (pages: number) => ({ community: 'gardening', pages });

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api?.close();
});

/** A prepaid account holding `micros` of credits, its free units of POSTS used up unless told. */
async function prepaidAccount(micros: bigint, { freeUsed = 50 } = {}): Promise<TestAccount> {
  const account = await newAccountWithKey({ payment: 'none' });
  await db.account.update({ where: { id: account.accountId }, data: { billingMode: 'prepaid' } });
  if (micros > 0n)
    await addCredits({ accountId: account.accountId, kind: 'grant', amountMicros: micros, reason: 'test' });
  if (freeUsed > 0) {
    await db.usageMonthly.create({
      data: { accountId: account.accountId, endpoint: POSTS, month: billingMonth(), freeUnits: freeUsed },
    });
  }
  return account;
}

const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalanceMicros: true } }))
    .creditBalanceMicros;
const drawnOf = async (accountId: string) =>
  (await db.usageMonthly.aggregate({ where: { accountId }, _sum: { creditMicros: true } }))._sum.creditMicros ?? 0n;

describe('a prepaid account', () => {
  test('takes the free tier first, then draws each call’s exact cost; a call its balance cannot cover is refused with 402 insufficient_credits, unbilled', async () => {
    const account = await prepaidAccount(10_000n, { freeUsed: 45 });
    // 5 free units left: a call for 7 pages gets 5 free and draws 2 pages.
    const first = await api.get(POSTS, { key: account.key, params: page(7) });
    expect(first.status).toBe(200);
    expect(billing(first)).toEqual({ units: 7, free: 5, amount: 2 * PAGE_MICROS, remaining: 0 });
    expect(await balanceOf(account.accountId)).toBe(4_000n);
    // 2 pages may cost $0.006, more than the $0.004 left: refused before the platform is asked.
    const refused = await api.get(POSTS, { key: account.key, params: page(2) });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { code: string; error: string };
    expect(body.code).toBe('insufficient_credits');
    expect(body.error).toMatch(/prepaid credit balance \(\$0\.00, after what your calls in flight hold\)/);
    expect(body.error).toMatch(/Buy credits at http\S+\/billing to continue\./);
    expect(billing(refused)).toMatchObject({ units: 0, amount: 0 });
    // One page ($0.003) fits.
    const last = await api.get(POSTS, { key: account.key, params: page(1) });
    expect(billing(last)).toMatchObject({ units: 1, amount: PAGE_MICROS });
    expect(await balanceOf(account.accountId)).toBe(1_000n);
    // The draws are the monthly row's credit share; no hold is left behind.
    expect(await drawnOf(account.accountId)).toBe(9_000n);
    expect(await db.callHold.count({ where: { accountId: account.accountId } })).toBe(0);
  });

  test('with no credits, is served what the free tier covers and refused beyond it', async () => {
    const account = await prepaidAccount(0n, { freeUsed: 45 });
    const free = await api.get(POSTS, { key: account.key, params: page(5) });
    expect(billing(free)).toEqual({ units: 5, free: 5, amount: 0, remaining: 0 });
    const refused = await api.get(POSTS, { key: account.key, params: page(1) });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { code: string }).code).toBe('insufficient_credits');
    expect(await balanceOf(account.accountId)).toBe(0n);
  });

  test('with an unverified email, is served the free tier only (402 payment_required, asking for the verification)', async () => {
    const account = await prepaidAccount(1_000_000n);
    await db.account.update({ where: { id: account.accountId }, data: { emailUnverified: true } });
    const refused = await api.get(POSTS, { key: account.key, params: page(1) });
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { code: string; error: string };
    expect(body).toMatchObject({ code: 'payment_required' });
    expect(body.error).toMatch(/email address is not verified/);
    expect(await balanceOf(account.accountId)).toBe(1_000_000n);
  });

  test('is held to its spending caps as a post-paid account is', async () => {
    const account = await prepaidAccount(1_000_000n);
    await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 5_000n } });
    expect((await api.get(POSTS, { key: account.key, params: page(1) })).status).toBe(200);
    const capped = await api.get(POSTS, { key: account.key, params: page(1) });
    expect(capped.status).toBe(429);
    expect(((await capped.json()) as { code: string }).code).toBe('daily_limit_exceeded');
    expect(await balanceOf(account.accountId)).toBe(1_000_000n - 3_000n);
  });

  test('says so at /v1/account/verify', async () => {
    const account = await prepaidAccount(0n, { freeUsed: 0 });
    const verify = await api.get('/v1/account/verify', { key: account.key });
    expect(((await verify.json()) as { account: { billing: string } }).account.billing).toBe('prepaid');
  });

  test('is not invoiced for what its calls drew from credits', async () => {
    const account = await prepaidAccount(100_000n);
    for (let i = 0; i < 3; i++) expect((await api.get(POSTS, { key: account.key, params: page(5) })).status).toBe(200);
    expect(await drawnOf(account.accountId)).toBe(45_000n);
    const [closed] = await closeMonth({ month: billingMonth(), accountId: account.accountId });
    expect(closed).toMatchObject({ outcome: 'nothing', invoiceId: null });
    expect(await db.invoice.count({ where: { accountId: account.accountId } })).toBe(0);
    expect(await findUnclosedMonths({ accountId: account.accountId, throughCurrentMonth: true })).toEqual([]);
  });
});

test('a post-paid account draws nothing and holds nothing for its calls', async () => {
  const account = await newAccountWithKey({ payment: 'card' });
  await db.usageMonthly.create({
    data: { accountId: account.accountId, endpoint: POSTS, month: billingMonth(), freeUnits: 50 },
  });
  expect(billing(await api.get(POSTS, { key: account.key, params: page(2) }))).toMatchObject({ amount: 6_000 });
  expect(await drawnOf(account.accountId)).toBe(0n);
  expect(await balanceOf(account.accountId)).toBe(0n);
});

test('50 concurrent calls on five API instances against a balance that covers 30 exactly: 30 served, the balance 0, never below', {
  timeout: 60_000,
}, async () => {
  const account = await prepaidAccount(30n * BigInt(PAGE_MICROS));
  const gates = Array.from({ length: 5 }, () => new GatedProvider());
  const instances = await Promise.all(gates.map((gate) => startTestApi({ redisUrl: '', providerFor: () => gate })));
  try {
    // Ten calls per instance (an endpoint's concurrency limit per process), all at once; the
    // platform holds every call that got through, so all 50 reservations race.
    const calls = instances.flatMap((instance) =>
      Array.from({ length: 10 }, () => instance.get(POSTS, { key: account.key, params: page(1) })),
    );
    const refused: Response[] = [];
    for (const call of calls) void call.then((r) => r.status === 402 && refused.push(r));
    await expect.poll(() => gates.reduce((n, g) => n + g.waiting, 0) + refused.length, { timeout: 30_000 }).toBe(50);
    const heldAtOnce = gates.reduce((n, g) => n + g.waiting, 0);
    expect(heldAtOnce).toBe(30);
    const holds = await db.callHold.aggregate({ where: { accountId: account.accountId }, _sum: { micros: true } });
    expect(holds._sum.micros).toBe(30n * BigInt(PAGE_MICROS));
    for (const gate of gates) gate.release();
    const responses = await Promise.all(calls);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    for (const r of responses.filter((r) => r.status === 402)) {
      expect(((await r.json()) as { code: string }).code).toBe('insufficient_credits');
    }
    expect(await balanceOf(account.accountId)).toBe(0n);
    expect(await drawnOf(account.accountId)).toBe(30n * BigInt(PAGE_MICROS));
    expect(await db.callHold.count({ where: { accountId: account.accountId } })).toBe(0);
  } finally {
    for (const gate of gates) gate.release();
    await Promise.all(instances.map((i) => i.close()));
  }
});
