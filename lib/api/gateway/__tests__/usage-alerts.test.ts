// Alerts: a threshold crossed by 20 concurrent calls on two API processes fires once,
// however many workers evaluate at once: one mail (the outbox), one event, one activity line.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { createUsageAlert } from '@/lib/server/alerts/create-usage-alert';
import { evaluateUsageAlerts } from '@/lib/server/alerts/evaluate-usage-alerts';
import { usageAlertSchema } from '@/lib/validation/usage-alerts';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';

let a: TestApi;
let b: TestApi;
beforeAll(async () => {
  [a, b] = await Promise.all([startTestApi({ redisUrl: '' }), startTestApi({ redisUrl: '' })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

test('20 concurrent calls on two API processes cross a threshold: exactly one alert mail and one event', async () => {
  const account = await newAccountWithKey();
  await createUsageAlert({
    accountId: account.accountId,
    input: usageAlertSchema.parse({ metric: 'units', period: 'day', basis: 'amount', amount: '50', thresholds: '100' }),
  });
  // 20 calls of 3 pages (3 units) each, half on each process: 60 units, past 50 at the 17th.
  // Workers evaluate while the calls run and four at once after them, as several instances may.
  const calls = Array.from({ length: 20 }, (_, i) =>
    (i % 2 ? a : b).get(POSTS, { key: account.key, params: { community: 'gardening', pages: 3 } }),
  );
  const during = [evaluateUsageAlerts(), evaluateUsageAlerts()];
  const statuses = (await Promise.all(calls)).map((r) => r.status);
  expect(statuses).toEqual(Array(20).fill(200));
  await Promise.all([...during, ...Array.from({ length: 4 }, () => evaluateUsageAlerts())]);
  await evaluateUsageAlerts();

  const mails = await db.mailMessage.findMany({ where: { to: account.email }, select: { subject: true, text: true } });
  expect(mails.map((m) => m.subject)).toEqual(['Usage alert: your account reached 50 units today']);
  expect(mails[0]!.text).toContain('is 60 units: 100% of');
  const events = await db.webhookEvent.findMany({
    where: { accountId: account.accountId, type: { in: ['usage.threshold_reached', 'spend_cap.reached'] } },
  });
  expect(events.map((e) => e.type)).toEqual(['usage.threshold_reached']);
  expect(events[0]!.data).toMatchObject({
    metric: 'units',
    period: 'day',
    threshold_percent: 100,
    value: 60,
    limit: 50,
  });
  const activity = await db.accountEvent.findMany({ where: { accountId: account.accountId } });
  expect(activity.map((e) => [e.type, e.detail])).toEqual([['usage_alert', mails[0]!.subject]]);
});
