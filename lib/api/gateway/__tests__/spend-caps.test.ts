// Spending caps through the real gateway: the call that could pass a daily or monthly cap is
// refused with 429 and Retry-After, billed nothing; calls within the cap go through. Calls in
// flight together (a batch, concurrent calls on two instances) hold their largest cost, so the
// spend never passes the cap; a call the free tier covers is never refused.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import { billedAndCounted, billing, refusals } from '../../__tests__/support/cases';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

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
    // The free tier first: its calls cost nothing, so the cap does not refuse them.
    expect((await api.get(POSTS, { key: account.key, params: page(40) })).status).toBe(200);
    expect((await api.get(POSTS, { key: account.key, params: page(10) })).status).toBe(200);
    const refused = await api.get(POSTS, { key: account.key, params: page(20) }); // could cost $0.06
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({
      status: 429,
      code: 'monthly_limit_exceeded',
    });
    await db.account.update({ where: { id: account.accountId }, data: { monthlyCapMicros: 1_000_000n } });
    expect((await api.get(POSTS, { key: account.key, params: page(20) })).status).toBe(200);
  });

  test('leaves accounts without caps alone: the calls a capped account is refused are served', async () => {
    // 40 free pages, then 10 free and 30 billed ($0.09), then 40 billed ($0.12): $0.21.
    const calls = async (key: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await api.get(POSTS, { key, params: page(40) })).status);
      return statuses;
    };
    const capped = await newAccountWithKey();
    await db.account.update({
      where: { id: capped.accountId },
      data: { dailyCapMicros: 200_000n, monthlyCapMicros: 200_000n },
    });
    expect(await calls(capped.key)).toEqual([200, 200, 429]);
    const uncapped = await newAccountWithKey();
    expect(await calls(uncapped.key)).toEqual([200, 200, 200]);
    expect((await billedAndCounted(uncapped.accountId)).amountMicros).toBe(210_000);
    expect(await refusals(uncapped.accountId)).toEqual({});
  });
});

// Every item of a batch and every concurrent call counts the others in flight against a cap, not
// only the spend already billed (else one batch could bill $10.54 against a $0.50 daily cap).
describe('spending caps hold against calls in flight together', () => {
  const CAP = 500_000; // $0.50 a day
  const LARGEST = 40 * 3_000; // 40 pages at $0.003: one call's largest cost

  async function cappedAccount(
    data: { dailyCapMicros?: bigint; monthlyCapMicros?: bigint } = { dailyCapMicros: BigInt(CAP) },
  ) {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data });
    return account;
  }

  test('a batch against a $0.50 daily cap bills at most the cap', async () => {
    const account = await cappedAccount();
    const response = await api.post(
      '/v1/batch',
      { requests: Array.from({ length: 40 }, () => ({ path: POSTS, params: page(40) })) },
      account.key,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      amount_micros: number;
      results: { status: number; body: { code?: string } }[];
    };
    const { amountMicros } = await billedAndCounted(account.accountId);
    expect(amountMicros).toBe(body.amount_micros);
    expect(amountMicros).toBeLessThanOrEqual(CAP);
    // The cap is used, not refused from the start: what is left is less than one more call.
    expect(amountMicros).toBeGreaterThan(CAP - LARGEST);
    const refused = body.results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(30);
    expect(new Set(refused.map((r) => r.body.code))).toEqual(new Set(['daily_limit_exceeded']));
    expect(await db.$queryRaw`SELECT id FROM "CallHold" WHERE "accountId" = ${account.accountId}`).toEqual([]);
  });

  test('20 concurrent calls on two instances, held in flight together, bill at most the cap', async () => {
    const gates = [new GatedProvider(), new GatedProvider()];
    const instances = await Promise.all(gates.map((gate) => startTestApi({ redisUrl: '', providerFor: () => gate })));
    try {
      const account = await cappedAccount();
      let answered = 0;
      const calls = Array.from({ length: 20 }, (_, i) =>
        instances[i % 2]!.get(POSTS, { key: account.key, params: page(40) }).then(async (r) => {
          answered++;
          return {
            status: r.status,
            code: r.status === 200 ? null : ((await r.json()) as { code: string }).code,
            amount: billing(r).amount,
          };
        }),
      );
      // Every call is either refused or waiting at a provider's gate: all are in flight together.
      await vi.waitFor(() => expect(answered + gates[0]!.waiting + gates[1]!.waiting).toBe(20), {
        timeout: 20_000,
        interval: 20,
      });
      const held = gates[0]!.waiting + gates[1]!.waiting;
      gates.forEach((gate) => gate.release());
      const results = await Promise.all(calls);
      const { amountMicros } = await billedAndCounted(account.accountId);
      expect(amountMicros).toBe(results.reduce((sum, r) => sum + r.amount, 0));
      expect(amountMicros).toBeLessThanOrEqual(CAP);
      // 40 free pages, 10 free and 30 billed ($0.09), then three of $0.12: $0.45; the rest refused.
      expect({ held, served: results.filter((r) => r.status === 200).length, amountMicros }).toEqual({
        held: 5,
        served: 5,
        amountMicros: 450_000,
      });
      expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.code))).toEqual(
        new Set(['daily_limit_exceeded']),
      );
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });

  test('a call the free tier covers is never refused by a cap', async () => {
    const account = await cappedAccount({ dailyCapMicros: 10_000n, monthlyCapMicros: 10_000n }); // $0.01
    const free = await api.get(POSTS, { key: account.key, params: page(40) }); // could cost $0.12 but for the free tier
    expect({ status: free.status, bill: billing(free) }).toEqual({
      status: 200,
      bill: { units: 40, free: 40, amount: 0, remaining: 10 },
    });
    // Partly free: the 30 billed pages ($0.09) could pass the cap.
    const refused = await api.get(POSTS, { key: account.key, params: page(40) });
    expect(refused.status).toBe(429);
    expect((await api.get(POSTS, { key: account.key, params: page(10) })).status).toBe(200);
    // Without a payment method nothing is ever billed: the caps never refuse.
    const unpaid = await newAccountWithKey({ payment: 'none' });
    await db.account.update({ where: { id: unpaid.accountId }, data: { dailyCapMicros: 0n } });
    expect((await api.get(POSTS, { key: unpaid.key, params: page(40) })).status).toBe(200);
  });
});
