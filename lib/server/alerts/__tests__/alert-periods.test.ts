// Alerts: each threshold fires once per UTC day or month (a test clock across a month's
// end), a key's alert counts only its own calls, and a changed cap is warned about again.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { UsageRecorder } from '@/lib/api/gateway/usage-recorder';
import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { billingMonth } from '@/lib/utc-month';
import { usageAlertSchema } from '@/lib/validation/usage-alerts';

import { createUsageAlert } from '../create-usage-alert';
import { evaluateUsageAlerts } from '../evaluate-usage-alerts';

const POSTS = '/v1/forumsite/community/posts';
let pool: pg.Pool;
let recorder: UsageRecorder;
beforeAll(() => {
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  recorder = new UsageRecorder(pool);
});
afterAll(async () => {
  await recorder?.close();
  await pool?.end();
});

async function newAccount() {
  const email = `alerts-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  await db.account.update({ where: { id: accountId }, data: { hasPaymentMethod: true } });
  const { record } = await createApiKey({ accountId, actor: { id: null, label: 'test' }, name: 'batch' });
  return { accountId, email, keyId: record.id };
}

/** One call of `units` pages at `at`, as the gateway records it ($0.003 a unit past the free 50). */
function call(accountId: string, apiKeyId: string | null, units: number, at: Date) {
  return recorder.record({
    id: `req_${randomUUID().replace(/-/g, '')}`,
    accountId,
    apiKeyId,
    endpoint: POSTS,
    month: billingMonth(at),
    status: 200,
    units,
    priceMicros: 3000,
    sentiment: false,
    latencyMs: 1,
    createdAt: at,
    reservedFree: 0,
    counted: true,
  });
}

const alert = (accountId: string, form: Record<string, string>) =>
  createUsageAlert({ accountId, input: usageAlertSchema.parse(form) });

const firings = async (alertId: string) =>
  (await db.usageAlertFiring.findMany({ where: { alertId }, orderBy: { createdAt: 'asc' } })).map(
    (f) => `${f.period} ${f.threshold}`,
  );

test('a daily alert fires once each UTC day and a monthly one once a month, across the month’s end', async () => {
  const { accountId, email, keyId } = await newAccount();
  const daily = await alert(accountId, {
    metric: 'units',
    period: 'day',
    basis: 'amount',
    amount: '100',
    thresholds: '100',
  });
  const monthly = await alert(accountId, {
    metric: 'units',
    period: 'month',
    basis: 'amount',
    amount: '150',
    thresholds: '100',
  });
  // The key's own alert: only its calls count (the account's other calls are made without it).
  const keyDaily = await alert(accountId, {
    keyId,
    metric: 'units',
    period: 'day',
    basis: 'amount',
    amount: '60',
    thresholds: '100',
  });

  const march31 = new Date('2031-03-31T12:00:00Z');
  await call(accountId, keyId, 70, march31);
  await call(accountId, null, 50, march31);
  await evaluateUsageAlerts({ now: march31 });
  await evaluateUsageAlerts({ now: new Date('2031-03-31T23:59:00Z') });
  expect(await firings(daily)).toEqual(['2031-03-31 100']);
  expect(await firings(monthly)).toEqual([]); // 120 of 150
  expect(await firings(keyDaily)).toEqual(['2031-03-31 100']);

  // The next day is a new month: the day's count starts again, and so does the month's.
  const april1 = new Date('2031-04-01T00:30:00Z');
  await call(accountId, null, 110, april1);
  await evaluateUsageAlerts({ now: april1 });
  expect(await firings(daily)).toEqual(['2031-03-31 100', '2031-04-01 100']);
  expect(await firings(monthly)).toEqual([]); // 110 in April
  expect(await firings(keyDaily)).toEqual(['2031-03-31 100']); // the key made no call

  const april2 = new Date('2031-04-02T09:00:00Z');
  await call(accountId, null, 50, april2);
  await evaluateUsageAlerts({ now: april2 });
  expect(await firings(monthly)).toEqual(['2031-04 100']); // 160 in April
  expect(await firings(daily)).toEqual(['2031-03-31 100', '2031-04-01 100']); // 50 on the 2nd

  const subjects = (await db.mailMessage.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } })).map(
    (m) => m.subject,
  );
  // The first two in one evaluation, in either order.
  expect(subjects.slice(0, 2).sort()).toEqual([
    expect.stringMatching(/^Usage alert: the key batch \(.+\) reached 60 units today$/),
    'Usage alert: your account reached 100 units today',
  ]);
  expect(subjects.slice(2)).toEqual([
    'Usage alert: your account reached 100 units today',
    'Usage alert: your account reached 150 units this month',
  ]);
});

test('a cap alert fires at 50, 80 and 100 % once per period, telling the highest reached; a changed cap starts again', async () => {
  const { accountId, email } = await newAccount();
  await setSpendingCaps({ accountId, dailyCapMicros: 1_000_000n, monthlyCapMicros: null }); // $1.00 a day
  const day = new Date('2031-06-15T10:00:00Z');
  await call(accountId, null, 50 + 200, day); // $0.60: past 50 %
  await evaluateUsageAlerts({ now: day });
  await call(accountId, null, 120, day); // $0.96: past 80 %
  await evaluateUsageAlerts({ now: day });
  await call(accountId, null, 20, day); // $1.02: past 100 %
  await evaluateUsageAlerts({ now: day });
  await evaluateUsageAlerts({ now: day });
  await setSpendingCaps({ accountId, dailyCapMicros: 1_200_000n, monthlyCapMicros: null }); // 85 % of the new cap
  await evaluateUsageAlerts({ now: day });

  const subjects = (await db.mailMessage.findMany({ where: { to: email }, orderBy: { createdAt: 'asc' } })).map(
    (m) => m.subject,
  );
  expect(subjects).toEqual([
    'You used 50% of your daily spending cap',
    'You used 80% of your daily spending cap',
    'You reached your daily spending cap ($1.00)',
    'You used 80% of your daily spending cap',
  ]);
  const events = await db.webhookEvent.findMany({
    where: { accountId, type: { in: ['usage.threshold_reached', 'spend_cap.reached'] } },
  });
  // Stamped with the test clock: the same instant, so in no particular order.
  expect(events.map((e) => `${e.type} ${(e.data as { threshold_percent: number }).threshold_percent}`).sort()).toEqual([
    'spend_cap.reached 100',
    'usage.threshold_reached 50',
    'usage.threshold_reached 80',
    'usage.threshold_reached 80',
  ]);
});

test('a key’s limit alert counts the spend of the key and of the key rolled from it, once per month', async () => {
  const { accountId, email, keyId } = await newAccount();
  await db.apiKey.update({ where: { id: keyId }, data: { monthlyLimitMicros: 1_000_000n } }); // $1.00 a month
  const alertId = await alert(accountId, {
    keyId,
    metric: 'spend',
    period: 'month',
    basis: 'key_limit',
    thresholds: '50, 100',
  });
  // A successor of the key (as rollApiKey makes it): its calls count toward the same limit.
  const { record: successor } = await createApiKey({ accountId, actor: { id: null, label: 'test' }, name: 'batch 2' });
  await db.apiKey.update({ where: { id: successor.id }, data: { rootKeyId: keyId } });

  const july = new Date('2031-07-03T08:00:00Z');
  await call(accountId, keyId, 50 + 100, july); // $0.30
  await call(accountId, null, 300, july); // the account's other calls: not the key's
  await evaluateUsageAlerts({ now: july });
  expect(await firings(alertId)).toEqual([]);
  await call(accountId, successor.id, 100, july); // $0.60 for the lineage
  await evaluateUsageAlerts({ now: july });
  expect(await firings(alertId)).toEqual(['2031-07 50']);
  const subjects = (await db.mailMessage.findMany({ where: { to: email } })).map((m) => m.subject);
  expect(subjects).toEqual([
    expect.stringMatching(/^Usage alert: the key batch \(.+\) used 50% of its monthly limit$/),
  ]);
});
