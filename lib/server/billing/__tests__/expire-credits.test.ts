// Credits expire 12 months after they were added, oldest first: what a lot has left after the
// draws taken from the oldest lots first expires once (one line per lot, run as often as you
// like), the balance goes down by it and still equals the ledger's sum; credits held by a call
// in flight do not expire from under it; a refund is taken from the lot it gave back.
import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { billingMonth } from '@/lib/utc-month';
import { addCredits, readCreditLedger } from '../credits';
import { expireCredits } from '../expire-credits';

const DAY = 86_400_000;

async function prepaid() {
  const { accountId } = await findOrCreateAccountByEmail({ email: `expiry-${randomUUID()}@example.test` });
  await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
  return accountId;
}

/** Draws `micros` as record_usage does: the balance and the monthly row's credit share. */
async function draw(accountId: string, micros: bigint) {
  await db.usageMonthly.upsert({
    where: { accountId_endpoint_month: { accountId, endpoint: '/v1/forumsite/posts', month: billingMonth() } },
    create: {
      accountId,
      endpoint: '/v1/forumsite/posts',
      month: billingMonth(),
      amountMicros: micros,
      creditMicros: micros,
    },
    update: { amountMicros: { increment: micros }, creditMicros: { increment: micros } },
  });
  // And the day's rollup, as record_usage writes both (the rollup equals the ledger everywhere).
  const day = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  await db.usageDaily.upsert({
    where: { accountId_day_apiKeyId_endpoint: { accountId, day, apiKeyId: '', endpoint: '/v1/forumsite/posts' } },
    create: { accountId, day, apiKeyId: '', endpoint: '/v1/forumsite/posts', amountMicros: micros },
    update: { amountMicros: { increment: micros } },
  });
  await db.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: micros } } });
}

const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId } })).creditBalanceMicros;

test('the oldest lot expires with what the draws left of it; the newer lot stays; once only', async () => {
  const accountId = await prepaid();
  const now = new Date();
  const yearAgo = new Date(now.getTime() - 370 * DAY);
  await addCredits({ accountId, kind: 'purchase', amountMicros: 5_000_000n, at: yearAgo });
  await addCredits({
    accountId,
    kind: 'grant',
    amountMicros: 2_000_000n,
    reason: 'promotion',
    at: new Date(now.getTime() - DAY),
  });
  await draw(accountId, 3_500_000n); // taken from the old lot first: $1.50 of it left
  expect(await expireCredits({ now })).toBeGreaterThanOrEqual(1);
  expect(await balanceOf(accountId)).toBe(2_000_000n);
  await expireCredits({ now });
  expect(await balanceOf(accountId)).toBe(2_000_000n);
  const ledger = await readCreditLedger(accountId, now);
  expect(ledger.lines.filter((l) => l.kind === 'expiry').map((l) => l.amountMicros)).toEqual([-1_500_000n]);
  expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(ledger.balanceMicros);
});

test('a lot drawn to nothing expires with nothing; credits held by a call in flight wait for the next run', async () => {
  const accountId = await prepaid();
  const now = new Date();
  await addCredits({ accountId, kind: 'purchase', amountMicros: 1_000_000n, at: new Date(now.getTime() - 400 * DAY) });
  await addCredits({ accountId, kind: 'purchase', amountMicros: 1_000_000n, at: new Date(now.getTime() - 380 * DAY) });
  await draw(accountId, 1_200_000n); // the first lot spent, $0.80 of the second left
  await db.callHold.create({
    data: {
      id: `hold-${randomUUID()}`,
      accountId,
      endpoint: '/v1/forumsite/posts',
      day: now,
      month: billingMonth(now),
      micros: 500_000n,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    },
  });
  await expireCredits({ now });
  // The first lot's line ($0), and the second waits: $0.50 of its $0.80 is held.
  expect(await balanceOf(accountId)).toBe(800_000n);
  await db.callHold.deleteMany({ where: { accountId } });
  await expireCredits({ now });
  expect(await balanceOf(accountId)).toBe(0n);
  const expiries = await db.creditEntry.findMany({
    where: { accountId, kind: 'expiry' },
    orderBy: { createdAt: 'asc' },
  });
  expect(expiries.map((e) => e.amountMicros)).toEqual([0n, -800_000n]);
});

test('a refund is taken from the lot it gave back, not the oldest: the old lot still expires whole', async () => {
  const accountId = await prepaid();
  const now = new Date();
  await addCredits({ accountId, kind: 'purchase', amountMicros: 5_000_000n, at: new Date(now.getTime() - 370 * DAY) });
  const { entryId: newer } = await addCredits({
    accountId,
    kind: 'purchase',
    amountMicros: 5_000_000n,
    at: new Date(now.getTime() - DAY),
  });
  // The newer purchase refunded whole (as refundCredits writes it): the $5 left are the old lot's.
  await db.creditEntry.create({
    data: { accountId, kind: 'refund', amountMicros: -5_000_000n, refundOfId: newer, createdAt: now },
  });
  await db.account.update({ where: { id: accountId }, data: { creditBalanceMicros: { decrement: 5_000_000n } } });
  await expireCredits({ now });
  expect(await balanceOf(accountId)).toBe(0n);
  const ledger = await readCreditLedger(accountId, now);
  expect(ledger.lines.filter((l) => l.kind === 'expiry').map((l) => l.amountMicros)).toEqual([-5_000_000n]);
  expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(0n);
});
