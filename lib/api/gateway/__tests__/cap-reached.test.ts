// A call holds its largest cost, so a capped account's calls are refused short of
// the cap (at about 90 %) and the spend never reaches 100 %: the "reached" mail and /billing's
// "reached" never came. A period counts as reached once a call is refused for that cap.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { getBillingOverview } from '@/lib/server/billing/get-billing-overview';
import { evaluateUsageAlerts } from '@/lib/server/alerts/evaluate-usage-alerts';
import { newAccountWithKey, startTestApi, type TestApi } from '../../__tests__/support/harness';

const POSTS = '/v1/forumsite/community/posts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ redisUrl: '' });
});
afterAll(async () => {
  await api?.close();
});

test('a daily cap that refuses a call is reached for the day: the 100 % mail goes out and /billing says reached', async () => {
  const account = await newAccountWithKey();
  await db.account.update({ where: { id: account.accountId }, data: { dailyCapMicros: 200_000n } }); // $0.20
  const get = (pages: number) => api.get(POSTS, { key: account.key, params: { community: 'gardening', pages } });
  for (const pages of [40, 10, 40]) expect((await get(pages)).status).toBe(200); // 50 free, then $0.12
  const refused = await get(40); // $0.12 more would make $0.24
  expect(refused.status).toBe(429);
  expect(((await refused.json()) as { code: string }).code).toBe('daily_limit_exceeded');

  const overview = await getBillingOverview({ accountId: account.accountId });
  expect(overview.caps.daily).toMatchObject({ spentMicros: 120_000n, percent: 60, level: 'reached' });
  await evaluateUsageAlerts();
  const mails = await db.mailMessage.findMany({ where: { to: account.email }, select: { subject: true } });
  expect(mails.map((m) => m.subject)).toEqual(['You reached your daily spending cap ($0.20)']);
});
