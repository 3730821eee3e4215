// A purchase of credits whose webhooks are lost (an emulator that delivers none) and whose customer
// never came back to the return page: the hourly reconciliation finds the pending purchase, reads
// it from Stripe and adds the credits once; an expired session is marked failed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { startCreditPurchase } from '../credit-purchases';
import { reconcileWithStripe } from '../reconcile-with-stripe';
import { type BillingWorld, startBillingWorld } from './support/billing-harness';
import { GOOD_CARD, mailTo } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ webhooks: false });
});
afterAll(async () => {
  await world?.close();
});

test('a paid purchase with no webhook and no return is added by one reconciliation, once', async () => {
  const email = `credits-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
  const url = await startCreditPurchase({ accountId, amountCents: 2_000, consoleOrigin: 'http://console.test' });
  const sessionId = /cs_[A-Za-z0-9_]+/.exec(url)![0];
  await world.emulator.control(`/_sandbox/checkout/${sessionId}/complete`, { card: GOOD_CARD });
  const balance = async () =>
    (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalanceMicros: true } }))
      .creditBalanceMicros;
  expect(await balance()).toBe(0n);
  expect(await reconcileWithStripe({ accountId })).toMatchObject({ failed: 0 });
  expect(await balance()).toBe(20_000_000n);
  await reconcileWithStripe({ accountId });
  expect(await balance()).toBe(20_000_000n);
  expect(await db.creditPayment.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } })).toMatchObject({
    status: 'succeeded',
  });
  expect((await mailTo(email)).filter((m) => m.subject.startsWith('Receipt'))).toHaveLength(1);
});
