// The dashboard's first-run checklist ticks each step from the account's real state, names the
// newest working key in its curl line, and goes away once every step is done.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '@/lib/api/pricing';

import { db } from '@/lib/db';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { setSpendingCaps } from '@/lib/server/billing/set-spending-caps';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';
import { seedAccount, uniqueEmail } from '@/lib/server/keys/__tests__/support/seed';
import { getDashboardOverview } from '@/lib/server/usage/get-dashboard-overview';
import { billingMonth } from '@/lib/utc-month';

/** One served call, written as the gateway's batch writer writes it (record_usage), so the ledger agrees. */
async function recordCall(accountId: string, keyId: string) {
  const now = new Date();
  const call = {
    id: `req_${randomUUID().replace(/-/g, '')}`,
    a: accountId,
    k: keyId,
    e: '/v1/shop/products',
    m: billingMonth(now),
    s: 200,
    u: 1,
    p: 6000,
    snt: false,
    l: 3,
    t: now.toISOString().slice(0, 23),
    r: 0,
    c: true,
    sc: false,
  };
  await db.$queryRaw`SELECT * FROM record_usage(${JSON.stringify([call])}::jsonb, ${FREE_UNITS_PER_MONTH}, ${SENTIMENT_SURCHARGE_MICROS})`;
}

const stepsOf = async (accountId: string) => (await getDashboardOverview({ accountId })).firstSteps;

describe('first steps', () => {
  it('ticks each step as the account does it, and is gone once all five are done', async () => {
    const { user } = await createAccountWithUser({ email: uniqueEmail('first'), requireVerification: true });
    const accountId = user.accountId;
    const actor = { id: user.id, label: user.email };
    expect(await stepsOf(accountId)).toEqual({
      verified: false,
      hasKey: false,
      called: false,
      hasCard: false,
      hasCap: false,
      keyPrefix: null,
    });

    await db.account.update({ where: { id: accountId }, data: { emailUnverified: false } });
    const { record: older } = await createApiKey({ accountId, actor, name: 'older' });
    const { record: newer } = await createApiKey({ accountId, actor, name: 'newer' });
    expect(await stepsOf(accountId)).toMatchObject({ verified: true, hasKey: true, keyPrefix: newer.prefix });
    // A revoked key does not call: the curl line names the newest key that works.
    await revokeApiKey({ accountId, keyId: newer.id, actor });
    expect(await stepsOf(accountId)).toMatchObject({ hasKey: true, keyPrefix: older.prefix });

    await recordCall(accountId, older.id);
    expect(await stepsOf(accountId)).toMatchObject({ called: true, hasCard: false });
    await db.account.update({ where: { id: accountId }, data: { hasPaymentMethod: true } });
    expect(await stepsOf(accountId)).toMatchObject({ hasCard: true, hasCap: false });
    await setSpendingCaps({ accountId, dailyCapMicros: null, monthlyCapMicros: 25_000_000n });
    expect(await stepsOf(accountId)).toBeNull();
  });

  it('counts invoicing as a card, and a daily cap alone as a cap', async () => {
    const { accountId } = await seedAccount('invoiced');
    await db.account.update({ where: { id: accountId }, data: { billingByInvoice: true, dailyCapMicros: 1_000_000n } });
    expect(await stepsOf(accountId)).toMatchObject({ verified: true, hasCard: true, hasCap: true, hasKey: false });
  });

  it('counts prepaid credits as a way to pay past the free tier, card or not', async () => {
    const { accountId } = await seedAccount('prepaid');
    expect(await stepsOf(accountId)).toMatchObject({ hasCard: false });
    await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
    expect(await stepsOf(accountId)).toMatchObject({ hasCard: true });
    expect((await getDashboardOverview({ accountId })).prepaid).toBe(true);
  });
});
