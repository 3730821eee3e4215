// What a call holds before the platform is asked (lib/api/gateway/holds.ts, reserve_call and
// release_call in prisma/functions.sql): one CallHold row per call, ended by its record, its
// release or its lease. A release is idempotent per call; a call is billed no more units than it
// asked for; a failed call's holds are released through the gateway; holds past their lease are purged.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import type { ProviderResult } from '../../registry/types';
import { releaseCall, reserveCall } from '../holds';
import { UsageRecorder } from '../usage-recorder';
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
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await api?.close();
});

const holdsOf = (accountId: string) =>
  db.callHold.findMany({ where: { accountId }, select: { id: true, freeUnits: true, micros: true } });

/** Makes the next billing commit's answer get lost: the record is committed, then the caller sees an error. */
function loseNextCommitAnswer(): void {
  const record = UsageRecorder.prototype.record;
  vi.spyOn(UsageRecorder.prototype, 'record').mockImplementationOnce(async function (this: UsageRecorder, r) {
    await record.call(this, r);
    throw new Error('the commit answer was lost');
  });
}

/** A paying account with a $1 daily cap whose free units of POSTS are used up (its calls hold spend only). */
async function cappedWithoutFreeUnits(): Promise<TestAccount> {
  const account = await newAccountWithKey();
  await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 1_000_000n } });
  const used = await api.get(POSTS, { key: account.key, params: page(40) });
  const more = await api.get(POSTS, { key: account.key, params: page(10) });
  expect([billing(used).free, billing(more).free]).toEqual([40, 10]);
  return account;
}

describe('a call that fails gives back what it held', () => {
  test('a provider error whose billing commit fails releases the free units it held: the release deletes its hold', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    vi.spyOn(UsageRecorder.prototype, 'record').mockRejectedValueOnce(new Error('the database is gone'));
    const failed = await api.get(POSTS, {
      key: account.key,
      params: { community: 'sandbox_upstream_error', pages: 30 },
    });
    expect(failed.status).toBe(500);
    expect(await holdsOf(account.accountId)).toEqual([]);
    // All 50 free units are there for the next call.
    expect(billing(await api.get(POSTS, { key: account.key, params: page(40) }))).toMatchObject({ free: 40 });
  });

  test('a provider error whose billing commit fails releases the spend it held (and no free units)', async () => {
    const account = await cappedWithoutFreeUnits();
    vi.spyOn(UsageRecorder.prototype, 'record').mockRejectedValueOnce(new Error('the database is gone'));
    const failed = await api.get(POSTS, {
      key: account.key,
      params: { community: 'sandbox_upstream_error', pages: 30 },
    });
    expect(failed.status).toBe(500);
    expect(await holdsOf(account.accountId)).toEqual([]);
  });

  test('a timed-out call leaves no hold, of free units or of spend', async () => {
    const gate = new GatedProvider();
    const slow = await startTestApi({ redisUrl: '', timeoutMs: 200, providerFor: () => gate });
    try {
      const free = await newAccountWithKey({ payment: 'none' });
      const capped = await cappedWithoutFreeUnits();
      for (const account of [free, capped]) {
        const response = await slow.get(POSTS, { key: account.key, params: page(20) });
        expect({ status: response.status, code: ((await response.json()) as { code: string }).code }).toEqual({
          status: 504,
          code: 'upstream_timeout',
        });
        expect(await holdsOf(account.accountId)).toEqual([]);
      }
    } finally {
      gate.release();
      await slow.close();
    }
  });

  test('a call released after its commit answer was lost, then released again, frees nothing another call holds', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    // Another call in flight holds 20 free units.
    const inFlight = await reserveCall(api.runtime.pool, {
      id: `in-flight-${account.accountId}`,
      accountId: account.accountId,
      endpoint: POSTS,
      month: new Date().toISOString().slice(0, 7),
      at: new Date(),
      leaseMs: 600_000,
      wanted: 20,
      unitMicros: PAGE_MICROS,
      dailyCapMicros: null,
      monthlyCapMicros: null,
      keyId: account.keyId,
      keyLimitMicros: null,
    });
    expect(inFlight.freeUnits).toBe(20);
    // This call's 10 units are billed, but the gateway hears of a failure and releases its hold.
    loseNextCommitAnswer();
    const lost = await api.get(POSTS, { key: account.key, params: page(10) });
    expect(lost.status).toBe(500);
    const id = lost.headers.get('x-request-id')!;
    const release = { id, accountId: account.accountId, endpoint: POSTS, month: new Date().toISOString().slice(0, 7) };
    await releaseCall(api.runtime.pool, release);
    await releaseCall(api.runtime.pool, release);
    expect(await holdsOf(account.accountId)).toEqual([
      { id: `in-flight-${account.accountId}`, freeUnits: 20, micros: 0n },
    ]);
    // 50 - 10 billed - 20 held: a call for 40 pages gets 20.
    const next = await api.get(POSTS, { key: account.key, params: page(40) });
    expect(billing(next)).toEqual({ units: 20, free: 20, amount: 0, remaining: 0 });
  });
});

test('a call is billed for no more units than it asked for, whatever the platform returns', async () => {
  const generous = {
    local: true,
    call: async (): Promise<ProviderResult> => ({ body: { pages: 9, posts: [] }, pagesReturned: 9 }),
  };
  const lavish = await startTestApi({ redisUrl: '', providerFor: () => generous });
  try {
    const account = await newAccountWithKey({ payment: 'invoice' });
    const free = await lavish.get(POSTS, { key: account.key, params: page(3) });
    expect(billing(free)).toEqual({ units: 3, free: 3, amount: 0, remaining: 47 });
    for (let i = 0; i < 5; i++) await lavish.get(POSTS, { key: account.key, params: page(9) }); // 45 pages billed
    const billed = await lavish.get(POSTS, { key: account.key, params: page(4) });
    expect(billing(billed)).toEqual({ units: 4, free: 2, amount: 2 * PAGE_MICROS, remaining: 0 });
  } finally {
    await lavish.close();
  }
});

describe('holds past their lease are purged', () => {
  // The function takes the call's moment from the API process: a fixed one here, far from any real call.
  const at = Date.UTC(2031, 4, 10, 12);
  const LEASE = 60_000;
  const reserve = (account: TestAccount, id: string, ms: number, wanted: number) =>
    reserveCall(api.runtime.pool, {
      id: `${id}-${account.accountId}`,
      accountId: account.accountId,
      endpoint: POSTS,
      month: '2031-05',
      at: new Date(ms),
      leaseMs: LEASE,
      wanted,
      unitMicros: PAGE_MICROS,
      dailyCapMicros: 200_000,
      monthlyCapMicros: null,
      keyId: account.keyId,
      keyLimitMicros: null,
    });

  test('a hold counts until its lease ends and is deleted by the next reservation after', async () => {
    const account = await newAccountWithKey();
    // 50 free units and 40 billed ($0.12) under a $0.20 daily cap.
    expect(await reserve(account, 'first', at, 90)).toMatchObject({
      freeUnits: 50,
      spendMicros: 120_000,
      refused: null,
    });
    // A millisecond before its end, it still counts: no free units left, and $0.24 would pass the cap.
    expect(await reserve(account, 'second', at + LEASE - 1, 40)).toMatchObject({
      freeUnits: 0,
      refused: 'daily_limit_exceeded',
    });
    expect(await holdsOf(account.accountId)).toHaveLength(1);
    // At its end it is gone: its free units and its spend are there again.
    expect(await reserve(account, 'third', at + LEASE, 40)).toMatchObject({ freeUnits: 40, refused: null });
    expect((await holdsOf(account.accountId)).map((h) => h.id)).toEqual([`third-${account.accountId}`]);
  });
});
