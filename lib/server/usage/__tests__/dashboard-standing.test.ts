// On real PostgreSQL: the dashboard's month-end estimate is /usage's
// (and none while blocked), and its standing names a cap or key limit that refuses calls, until when.
import { describe, expect, test } from 'vitest';
import { newAccountWithKey } from '@/lib/api/__tests__/support/harness';
import { db } from '@/lib/db';
import { rollApiKey } from '@/lib/server/keys/roll-api-key';
import { setApiKeyLimit } from '@/lib/server/keys/set-api-key-limit';
import { getDashboardOverview } from '../get-dashboard-overview';
import { getUsageMonth } from '../get-usage-month';

const now = new Date('2026-11-15T12:00:00Z');
const actor = { id: null, label: 'test' };
const endpoint = '/v1/clipnet/videos';

/** A day's billed calls as the rollups hold them (record_usage writes both in one statement). */
async function spend(accountId: string, keyId: string, day: string, amountMicros: bigint) {
  await db.usageDaily.create({
    data: {
      accountId,
      apiKeyId: keyId,
      endpoint,
      day: new Date(`${day}T00:00:00Z`),
      requests: 1,
      units: 60,
      freeUnits: 50,
      amountMicros,
    },
  });
  await db.usageMonthly.upsert({
    where: { accountId_endpoint_month: { accountId, endpoint, month: day.slice(0, 7) } },
    create: { accountId, endpoint, month: day.slice(0, 7), requests: 1, units: 60, freeUnits: 50, amountMicros },
    update: { requests: { increment: 1 }, units: { increment: 60 }, amountMicros: { increment: amountMicros } },
  });
}

describe('the dashboard', () => {
  test('estimates the month as /usage does, and not at all while the account is blocked', async () => {
    const account = await newAccountWithKey();
    await spend(account.accountId, account.keyId, '2026-11-02', 870_000n);
    const [home, usage] = await Promise.all([
      getDashboardOverview({ accountId: account.accountId, now }),
      getUsageMonth({ accountId: account.accountId, month: '2026-11', now }),
    ]);
    expect(home.estimate).toEqual({
      kind: 'estimate',
      month: '2026-11',
      spentMicros: 870_000,
      estimateMicros: 1_800_000,
      capped: false,
    });
    expect(usage.estimate).toEqual(home.estimate);

    await db.account.update({ where: { id: account.accountId }, data: { blockedAt: now } });
    expect((await getDashboardOverview({ accountId: account.accountId, now })).estimate).toMatchObject({
      kind: 'blocked',
    });
    expect((await getUsageMonth({ accountId: account.accountId, month: '2026-11', now })).estimate).toMatchObject({
      kind: 'blocked',
    });
  });

  test('says a daily cap refuses calls past the free tier until the next UTC midnight', async () => {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 100_000n } });
    await spend(account.accountId, account.keyId, '2026-11-15', 99_000n);
    const home = await getDashboardOverview({ accountId: account.accountId, now });
    expect(home.limits).toMatchObject([
      { limit: 'daily_cap', code: 'daily_limit_exceeded', state: 'refusing', until: '2026-11-16T00:00:00.000Z' },
    ]);
  });

  test('says a cap that refused a call this period is reached', async () => {
    const account = await newAccountWithKey();
    await db.account.update({ where: { id: account.accountId }, data: { monthlyCapMicros: 1_000_000n } });
    await spend(account.accountId, account.keyId, '2026-11-10', 400_000n);
    await db.spendingCapReached.create({
      data: { accountId: account.accountId, period: 'monthly', periodLabel: '2026-11', capMicros: 1_000_000n },
    });
    const home = await getDashboardOverview({ accountId: account.accountId, now });
    expect(home.limits).toMatchObject([
      { limit: 'monthly_cap', state: 'reached', leftMicros: 600_000, until: '2026-12-01T00:00:00.000Z' },
    ]);
  });

  test("counts a key's limit over the keys rolled from it, as the gateway does", async () => {
    const account = await newAccountWithKey();
    await setApiKeyLimit({ accountId: account.accountId, keyId: account.keyId, actor, monthlyLimitMicros: 100_000n });
    await spend(account.accountId, account.keyId, '2026-11-10', 60_000n);
    const rolled = await rollApiKey({ accountId: account.accountId, keyId: account.keyId, actor, grace: 'now', now });
    await spend(account.accountId, rolled.record.id, '2026-11-15', 39_000n);
    const home = await getDashboardOverview({ accountId: account.accountId, now });
    expect(home.limits).toMatchObject([
      { limit: 'key_limit', code: 'key_limit_exceeded', state: 'refusing', spentMicros: 99_000, leftMicros: 1_000 },
    ]);
    expect(home.limits[0]?.keyLabel).toContain('test key');
  });

  test('says nothing of caps for an account without a payment method (they do not apply)', async () => {
    const account = await newAccountWithKey({ payment: 'none' });
    await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 10_000n } });
    await spend(account.accountId, account.keyId, '2026-11-15', 10_000n);
    expect((await getDashboardOverview({ accountId: account.accountId, now })).limits).toEqual([]);
  });
});
