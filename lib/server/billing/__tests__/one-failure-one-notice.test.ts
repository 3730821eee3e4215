// One failed payment, one notice. The charge that fails blocks the account and
// is told once (the failure's mail says the API is blocked until it is paid), whichever of the
// block and Stripe's invoice.payment_failed comes first, however often Stripe tells of it; an
// operator's block is told with the support address to write to.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { blockAccount } from '../block-account';
import { refreshAccountStanding } from '../refresh-account-standing';
import { billedAccount, type BillingWorld, startBillingWorld } from './support/billing-harness';
import { closedAccount, DECLINING_CARD, deliverAgain, eventsOf, mailTo } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('one failed payment, one notice', () => {
  test('a declined charge that blocks the account is mailed once, naming the block, however often it is told', async () => {
    const { accountId, email } = await closedAccount(world, DECLINING_CARD);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).blockedAt).not.toBeNull();
    for (const event of await eventsOf(world, 'invoice.payment_failed')) await deliverAgain(event);
    await refreshAccountStanding({ accountId });
    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual(['Your payment of $0.90 failed']);
    expect(mails[0]!.text).toContain('Until it is paid, the API answers 403 account_blocked.');
  });

  test("an operator's block is mailed with the support address", async () => {
    const { accountId } = await billedAccount(world);
    const { email } = await db.user.findFirstOrThrow({ where: { accountId } });
    await blockAccount({ accountId, actor: { label: 'Operator (test)' }, cause: 'operator', note: 'abuse review' });
    const blocked = (await mailTo(email)).filter((m) => m.subject === 'Your Public Data API account is blocked');
    expect(blocked).toHaveLength(1);
    expect(blocked[0]!.text).toContain('contact support');
    expect(blocked[0]!.text).toContain(`Support: ${env.SUPPORT_EMAIL}`);
  });
});
