// What is due now is one figure: the amount the block states (Account.blockedDueCents, which the
// block's mail and event carry) and the amount the console's banner and billing page show are
// computed by one function, lost disputes included, so the two never tell a customer different sums.
import { randomUUID } from 'node:crypto';

import { expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { blockAccount } from '../block-account';
import { getAmountsDue } from '../get-amounts-due';

const DAY_MS = 86_400_000;
let sequence = 0;

/** An invoice as a close leaves it, with the facts that decide when it is due. */
function invoice(
  accountId: string,
  amountCents: number,
  facts: { status: 'open' | 'uncollectible'; attemptCount?: number; dueAt?: Date },
) {
  return db.invoice.create({
    data: {
      accountId,
      month: '2026-10',
      sequence: ++sequence,
      amountMicros: BigInt(amountCents) * 10_000n,
      amountCents,
      closedAt: new Date(),
      ...facts,
    },
  });
}

test('the amount a block states and the amount the console shows as due now are the same, lost disputes included', async () => {
  const { accountId } = await findOrCreateAccountByEmail({ email: `due-${randomUUID()}@billing.test` });
  await invoice(accountId, 150, { status: 'uncollectible' });
  await invoice(accountId, 70, { status: 'open', attemptCount: 1 });
  // Sent for payment and not due yet: open, but not due now.
  await invoice(accountId, 300, { status: 'open', dueAt: new Date(Date.now() + 30 * DAY_MS) });

  const standing = await blockAccount({
    accountId,
    cause: 'dispute',
    stripeDisputeId: `dp_${randomUUID().slice(0, 12)}`,
    amountCents: 90,
    actor: { label: 'test' },
  });
  const due = await getAmountsDue({ accountId });
  const { blockedDueCents } = await db.account.findUniqueOrThrow({ where: { id: accountId } });

  expect(due.dueNowCents).toBe(150 + 70 + 90);
  expect(standing.dueCents).toBe(due.dueNowCents);
  expect(blockedDueCents).toBe(due.dueNowCents);
  expect(due.dueLater.map((d) => d.amountCents)).toEqual([300]);
});
