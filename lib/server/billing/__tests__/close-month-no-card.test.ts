// A card account whose card was removed before its invoice was charged. The
// invoice is collected another way (sent with send_invoice, payable on its page), the customer is
// mailed to add a card, and the account is blocked at once, as for a declined charge.
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
import { invoiceLink } from '../invoice-links';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { addCardInPortal, GOOD_CARD, mailTo, standingOf } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});
afterEach(() => {
  closeMonthHooks.onStep = undefined;
});

const month = billingMonth();

/** An account with a good card and $0.90 of billed usage this month. */
async function accountWithUsage() {
  const account = await billedAccount(world, GOOD_CARD);
  await recordCalls(world, account.accountId, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
  ]);
  const { email } = await db.user.findFirstOrThrow({ where: { accountId: account.accountId } });
  return { ...account, email };
}

/** The customer removes every card (the portal's "Remove"), and Stripe's events are handled. */
async function removeCards(customer: string): Promise<void> {
  for (const method of (await world.stripe.paymentMethods.list({ customer })).data) {
    await world.stripe.paymentMethods.detach(method.id);
  }
  await world.emulator.flushWebhooks();
}

describe('a card removed before the close', () => {
  test('the invoice is sent for payment, the customer is mailed to add a card, and the account is blocked at once', async () => {
    const { accountId, customer, email } = await accountWithUsage();
    await removeCards(customer);
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).hasPaymentMethod).toBe(false);

    const [closed] = await closeMonth({ month, accountId });
    await world.emulator.flushWebhooks();
    expect(closed).toMatchObject({ outcome: 'invoiced', amountCents: 90, invoiceStatus: 'open' });
    expect(await db.monthCloseFailure.count({ where: { accountId } })).toBe(0);
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
    expect(invoice.closedAt).not.toBeNull();
    expect(invoice.noPaymentMethodAt).not.toBeNull();
    const remote: Stripe.Invoice = await world.stripe.invoices.retrieve(invoice.stripeInvoiceId!);
    expect({
      collection: remote.collection_method,
      status: remote.status,
      total: remote.total,
      why: remote.metadata?.collection,
      hosted: Boolean(remote.hosted_invoice_url),
    }).toEqual({ collection: 'send_invoice', status: 'open', total: 90, why: 'no_payment_method', hosted: true });

    // Blocked at once, not once the invoice is due.
    const standing = await standingOf(accountId);
    expect(standing.blockedAt).not.toBeNull();
    expect(standing.blockedCauses).toEqual(['unpaid_invoice']);
    expect(standing.blockedDueCents).toBe(90);
    expect(standing.blockedReason).toContain('could not be charged: no card is on file');

    const mails = await mailTo(email);
    const addCard = mails.filter((m) => m.subject === `Add a card: $0.90 for ${month} could not be charged`);
    expect(addCard).toHaveLength(1);
    expect(addCard[0]!.text).toContain(invoiceLink(invoice.id));
    // Not the mail of an invoice-billed account ("due by …, blocks once overdue").
    expect(mails.some((m) => m.subject.startsWith('Invoice for'))).toBe(false);

    // A card added in the portal pays it, and the account is served again.
    await addCardInPortal(world, customer, GOOD_CARD);
    expect((await db.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe('paid');
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });

  test('a card removed after the invoice was finalized, before the charge: blocked at once and mailed, not a failed close', async () => {
    const { accountId, customer, email } = await accountWithUsage();
    closeMonthHooks.onStep = async (step, at) => {
      if (step === 'finalized' && at.accountId === accountId) await removeCards(customer);
    };
    const [closed] = await closeMonth({ month, accountId });
    closeMonthHooks.onStep = undefined;
    expect(closed).toMatchObject({ outcome: 'invoiced', invoiceStatus: 'open' });
    expect(await db.monthCloseFailure.count({ where: { accountId } })).toBe(0);
    const invoice = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
    expect(invoice.attemptCount).toBe(0); // Stripe made no attempt and said nothing
    expect(invoice.noPaymentMethodAt).not.toBeNull();
    expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);
    expect((await mailTo(email)).filter((m) => m.subject.startsWith('Add a card'))).toHaveLength(1);

    // Closing again (the daily sweep) changes nothing and mails nothing more.
    await closeMonth({ month, accountId });
    expect((await mailTo(email)).filter((m) => m.subject.startsWith('Add a card'))).toHaveLength(1);
  });
});
