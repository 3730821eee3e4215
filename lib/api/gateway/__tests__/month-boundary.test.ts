// A call has one moment, taken as it starts, for its month, its day and its holds, so that for a
// call spanning UTC midnight at a month's end the usage pages, the CSV and the invoice agree (a
// month booked at the start and a daily rollup at the end would not). The
// clock is the process's (Date faked, timers real), moved while the call waits at the provider.
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { db } from '@/lib/db';
import { GatedProvider } from '../../__tests__/support/gated-provider';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';

let api: TestApi;
let gate: GatedProvider;
beforeAll(async () => {
  gate = new GatedProvider();
  api = await startTestApi({ providerFor: () => gate });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await api?.close();
});

/** Starts a call just before midnight at October's end, and lets it finish just after. */
async function callAcrossMonthEnd(key: string, params: Record<string, string | number | boolean>) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-31T23:59:59.900Z'));
  const response = api.get(POSTS, { key, params });
  await gate.waitForWaiting(1);
  vi.setSystemTime(new Date('2026-11-01T00:00:00.200Z'));
  gate.release();
  const answer = await response;
  gate.close();
  return answer;
}

describe('a call that spans midnight at a month end', () => {
  test('books the call, its daily rollup and its month to the moment it started', async () => {
    const account = await newAccountWithKey({ payment: 'card' });
    const response = await callAcrossMonthEnd(account.key, { community: 'gardening', pages: 40, get_sentiment: true });
    expect(response.status).toBe(200);
    const id = response.headers.get('x-request-id')!;
    const event = await db.usageEvent.findUniqueOrThrow({ where: { id } });
    expect(event.createdAt.toISOString().slice(0, 10)).toBe('2026-10-31');
    const monthly = await db.usageMonthly.findMany({
      where: { accountId: account.accountId },
      select: { month: true, units: true },
    });
    expect(monthly).toEqual([{ month: '2026-10', units: 40 }]);
    const daily = await db.usageDaily.findMany({
      where: { accountId: account.accountId },
      select: { day: true, units: true, sentimentUnits: true },
    });
    expect(daily.map((d) => ({ ...d, day: d.day.toISOString().slice(0, 10) }))).toEqual([
      { day: '2026-10-31', units: 40, sentimentUnits: 0 },
    ]);
  });

  test('takes a free-tier hold in the same month it books the call to', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    const response = await callAcrossMonthEnd(account.key, { community: 'gardening', pages: 10 });
    expect({ status: response.status, remaining: response.headers.get('x-free-tier-remaining') }).toEqual({
      status: 200,
      remaining: '40',
    });
    const monthly = await db.usageMonthly.findMany({
      where: { accountId: account.accountId },
      select: { month: true, freeUnits: true },
    });
    expect(monthly).toEqual([{ month: '2026-10', freeUnits: 10 }]);
    expect(await db.callHold.count({ where: { accountId: account.accountId } })).toBe(0);
    const daily = await db.usageDaily.findMany({ where: { accountId: account.accountId }, select: { day: true } });
    expect(daily.map((d) => d.day.toISOString().slice(0, 10))).toEqual(['2026-10-31']);
  });
});
