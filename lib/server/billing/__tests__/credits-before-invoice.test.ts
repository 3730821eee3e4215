// Prepaid back to post-paid: the account keeps its credit balance, and the month close draws it
// before invoicing, so the invoice bills exactly the rest; credits held by a call in flight are
// not drawn from under it; a second close draws and bills nothing more.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { addCredits, readCreditLedger } from '../credits';
import { setBillingMode } from '../set-billing-mode';
import {
  billedAccount,
  type BillingWorld,
  ledgerMicros,
  recordCalls,
  startBillingWorld,
} from './support/billing-harness';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const month = billingMonth();

/** A card-holding account that bought credits while prepaid, then went back to post-paid. */
async function formerlyPrepaid(creditsMicros: bigint) {
  const { accountId, customer } = await billedAccount(world, '4242424242424242');
  expect(await setBillingMode({ accountId, mode: 'prepaid' })).toMatchObject({ outcome: 'switched' });
  await addCredits({ accountId, kind: 'grant', amountMicros: creditsMicros, reason: 'test credits' });
  const back = await setBillingMode({ accountId, mode: 'postpaid' });
  expect(back).toEqual({ outcome: 'switched', mode: 'postpaid', creditsMicros });
  return { accountId, customer };
}

const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalanceMicros: true } }))
    .creditBalanceMicros;

test('the close draws the credits left before invoicing: the invoice bills the rest exactly, once', {
  timeout: 60_000,
}, async () => {
  const { accountId, customer } = await formerlyPrepaid(2_000_000n);
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).billingMode).toBe('postpaid');
  await recordCalls(world, accountId, [
    { endpoint: '/v1/forumsite/posts', units: 1_550, priceMicros: 1_000 },
    { endpoint: '/v1/photonet/user/info', units: 1_050, priceMicros: 1_000, sentiment: true },
  ]);
  const total = await ledgerMicros(accountId);
  expect(total).toBeGreaterThan(2_000_000n);

  const [closed] = await closeMonth({ month, accountId });
  expect(closed).toMatchObject({ outcome: 'invoiced' });
  expect(await balanceOf(accountId)).toBe(0n);
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! }, include: { lines: true } });
  // The credits paid $2.00 of the month; the invoice's lines hold the rest, to the micro-dollar.
  expect(invoice.amountMicros).toBe(total - 2_000_000n);
  expect(invoice.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(total - 2_000_000n);
  const [stripeInvoice] = (await world.stripe.invoices.list({ customer })).data;
  expect(stripeInvoice?.total).toBe(invoice.amountCents);

  const ledger = await readCreditLedger(accountId);
  const draws = ledger.lines.filter((l) => l.kind === 'draw');
  expect(draws.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(-2_000_000n);
  expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(ledger.balanceMicros);

  // Nothing new: a second close neither draws nor invoices.
  expect(await closeMonth({ month, accountId })).toEqual([expect.objectContaining({ outcome: 'nothing' })]);
  expect(await db.invoice.count({ where: { accountId, amountCents: { gt: 0 } } })).toBe(1);
});

test('credits covering the whole month leave nothing to invoice; what a call in flight holds stays', {
  timeout: 60_000,
}, async () => {
  const { accountId, customer } = await formerlyPrepaid(10_000_000n);
  // A call made while prepaid, still in flight: its hold is drawn by its own record, not the close.
  await db.callHold.create({
    data: {
      id: `req_${randomUUID().replace(/-/g, '')}`,
      accountId,
      endpoint: '/v1/forumsite/posts',
      day: new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`),
      month,
      freeUnits: 0,
      micros: 9_000_000n,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
    },
  });
  await recordCalls(world, accountId, [{ endpoint: '/v1/forumsite/posts', units: 2_050, priceMicros: 1_000 }]);
  expect(await ledgerMicros(accountId)).toBe(2_000_000n);

  // $10 less the $9 held: $1 is drawn, $1 invoiced.
  const [closed] = await closeMonth({ month, accountId });
  expect(closed).toMatchObject({ outcome: 'invoiced', amountCents: 100 });
  expect(await balanceOf(accountId)).toBe(9_000_000n);

  // Once the hold is gone, the next close of the month draws from the credits again.
  await db.callHold.deleteMany({ where: { accountId } });
  await recordCalls(world, accountId, [{ endpoint: '/v1/forumsite/posts', units: 3_000, priceMicros: 1_000 }]);
  expect(await closeMonth({ month, accountId })).toEqual([expect.objectContaining({ outcome: 'nothing' })]);
  expect(await balanceOf(accountId)).toBe(6_000_000n);
  expect((await world.stripe.invoices.list({ customer })).data).toHaveLength(1);
  const ledger = await readCreditLedger(accountId);
  expect(ledger.lines.reduce((sum, l) => sum + l.amountMicros, 0n)).toBe(6_000_000n);
});
