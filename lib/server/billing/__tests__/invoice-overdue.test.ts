// Stripe's invoice.overdue is authoritative. The emulator runs its own clock (as
// Stripe's is not ours): an invoice it calls overdue blocks although our clock says it is not due.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { setInvoiceBilling } from '../set-invoice-billing';
import { type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { standingOf } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

test('invoice.overdue from Stripe blocks the account, whatever our clock says of the due date', async () => {
  const email = `overdue-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  await setInvoiceBilling({ email, invoice: true });
  await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
  const [closed] = await closeMonth({ month: billingMonth(), accountId });
  await world.emulator.flushWebhooks();
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  expect(invoice.dueAt!.getTime()).toBeGreaterThan(Date.now()); // not due by our clock
  expect((await standingOf(accountId)).blockedAt).toBeNull();

  // 31 days pass at Stripe: it announces invoice.overdue.
  await world.emulator.control('/_sandbox/clock/advance', { seconds: String(31 * 86_400) });
  await world.emulator.flushWebhooks();
  expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).overdueAt).not.toBeNull();
  const standing = await standingOf(accountId);
  expect(standing.blockedCauses).toEqual(['overdue_invoice']);
  expect(standing.blockedDueCents).toBe(90);
});
