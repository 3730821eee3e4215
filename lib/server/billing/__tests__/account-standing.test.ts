// Why an account is blocked, and when it stops being (an overdue invoice, a failed or
// uncollectible one, a lost dispute), through the Stripe emulator and the real webhook route: each cause is a block of
// its own, lifted only when it is resolved; a card update pays every unpaid invoice, once.
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { closeMonth } from '../close-month';
import { completePaymentMethodSetup } from '../complete-payment-method-setup';
import { refreshAccountStanding } from '../refresh-account-standing';
import { refreshOverdueStanding } from '../refresh-overdue-standing';
import { setInvoiceBilling } from '../set-invoice-billing';
import { unblockAccount } from '../unblock-account';
import { billedAccount, type BillingWorld, recordCalls, saveCard, startBillingWorld } from './support/billing-harness';
import {
  addCardInPortal,
  chargeMonth,
  closedAccount,
  DECLINING_CARD,
  deliverAgain,
  eventsOf,
  failedCharges,
  GOOD_CARD,
  INSUFFICIENT_FUNDS_CARD,
  loseDispute,
  mailTo,
  standingOf,
} from './support/standing-helpers';
import { billingMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const invoicesOf = (accountId: string) =>
  db.invoice.findMany({ where: { accountId }, orderBy: [{ createdAt: 'asc' }, { sequence: 'asc' }] });

/** Saves a card through Checkout and comes back to the billing page with it, as the customer does. */
async function updateCard(accountId: string, customer: string, card: string): Promise<void> {
  const session = await saveCard(world, customer, card);
  expect(await completePaymentMethodSetup({ accountId, checkoutSessionId: session })).toBe(true);
  await world.emulator.flushWebhooks();
}

describe('each block keeps its own cause', () => {
  test('dispute lost, then an invoice fails, then it is paid: still blocked by the dispute', async () => {
    const { accountId, customer } = await closedAccount(world, GOOD_CARD);
    const [paid] = await invoicesOf(accountId);
    expect(paid!.status).toBe('paid');
    await loseDispute(world, paid!.stripeInvoiceId!);
    expect((await standingOf(accountId)).blockedAt).not.toBeNull();

    // The card on file now declines: the month's next invoice fails.
    await updateCard(accountId, customer, DECLINING_CARD);
    await chargeMonth(world, accountId);
    expect((await invoicesOf(accountId))[1]!.status).toBe('open');
    expect((await standingOf(accountId)).blockedReason).toMatch(/failed/);

    // A good card pays it: the failed payment's block is lifted, the dispute's is not.
    await updateCard(accountId, customer, GOOD_CARD);
    expect((await invoicesOf(accountId)).map((i) => i.status)).toEqual(['paid', 'paid']);
    const standing = await standingOf(accountId);
    expect(standing.blockedAt).not.toBeNull();
    expect(standing).toMatchObject({
      blockedCauses: ['dispute'],
      blockedReason: 'A payment of $0.90 was disputed and the dispute was lost: contact support.',
      blockedDueCents: 90,
    });
  });

  test("the operator lifts an uncollectible invoice's block with a reason in the account's activity, and it does not come back", async () => {
    const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
    const [invoice] = await invoicesOf(accountId);
    await world.stripe.invoices.markUncollectible(invoice!.stripeInvoiceId!);
    await world.emulator.flushWebhooks();
    expect(await standingOf(accountId)).toMatchObject({
      blockedCauses: ['unpaid_invoice'],
      blockedReason: `The invoice ${invoice!.number} for ${invoice!.month} ($0.90) could not be collected.`,
    });

    expect(
      await unblockAccount({ accountId, reason: 'Paid by bank transfer on 3 Nov', actorLabel: 'operator (cli)' }),
    ).toEqual(['unpaid_invoice']);
    await refreshAccountStanding({ accountId });
    expect(await standingOf(accountId)).toMatchObject({
      blockedAt: null,
      blockedReason: null,
      blockedCauses: [],
      blockedDueCents: null,
    });
    const activity = await db.accountEvent.findMany({
      where: { accountId },
      orderBy: { createdAt: 'asc' },
      select: { type: true, detail: true, actorLabel: true },
    });
    expect(activity).toEqual([
      {
        type: 'blocked',
        detail: `The payment of the invoice ${invoice!.number} for ${invoice!.month} ($0.90) failed.`,
        actorLabel: 'Billing',
      },
      { type: 'unblocked', detail: 'Paid by bank transfer on 3 Nov', actorLabel: 'operator (cli)' },
    ]);
    // A new failure is a new block.
    await updateCard(accountId, customer, INSUFFICIENT_FUNDS_CARD);
    await chargeMonth(world, accountId);
    expect((await standingOf(accountId)).blockedCauses).toEqual(['unpaid_invoice']);
  });
});

describe('what a block says is due', () => {
  test('a blocked account is told what is due now, not an invoice sent for payment that is not due yet', async () => {
    const { accountId, email } = await closedAccount(world, GOOD_CARD);
    const [paid] = await invoicesOf(accountId);
    await loseDispute(world, paid!.stripeInvoiceId!);
    expect(await standingOf(accountId)).toMatchObject({ blockedCauses: ['dispute'], blockedDueCents: 90 });

    // Now billed by invoice: the next invoice is sent, due in some days, and is not due now.
    await setInvoiceBilling({ email, invoice: true });
    await chargeMonth(world, accountId);
    const [, sent] = await invoicesOf(accountId);
    expect(sent!.status).toBe('open');
    expect(sent!.dueAt!.getTime()).toBeGreaterThan(Date.now());
    await refreshAccountStanding({ accountId });
    expect(await standingOf(accountId)).toMatchObject({ blockedCauses: ['dispute'], blockedDueCents: 90 });
  });
});

describe('an uncollectible invoice does not block for ever', () => {
  test('an uncollectible invoice is paid by the next card update, which unblocks the account', async () => {
    const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
    const [invoice] = await invoicesOf(accountId);
    await world.stripe.invoices.markUncollectible(invoice!.stripeInvoiceId!);
    await world.emulator.flushWebhooks();
    expect((await invoicesOf(accountId))[0]!.status).toBe('uncollectible');
    expect((await standingOf(accountId)).blockedAt).not.toBeNull();

    await updateCard(accountId, customer, GOOD_CARD);
    expect((await invoicesOf(accountId))[0]!.status).toBe('paid');
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });
});

describe('one card update pays an unpaid invoice once', () => {
  test('the return page and the webhooks of one card update, all at once, try a declining card once', async () => {
    const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
    expect(await failedCharges(world, customer)).toBe(1);
    const session = await saveCard(world, customer, INSUFFICIENT_FUNDS_CARD);
    // Checkout's webhooks are on their way while the return page is loaded three times.
    const returns = await Promise.all(
      [1, 2, 3].map(() => completePaymentMethodSetup({ accountId, checkoutSessionId: session })),
    );
    await world.emulator.flushWebhooks();
    expect(returns).toEqual([true, true, true]);
    expect(await failedCharges(world, customer)).toBe(2);
    expect((await invoicesOf(accountId))[0]!.status).toBe('open');
    expect((await standingOf(accountId)).blockedAt).not.toBeNull();
  });

  test('a good card told of several times at once pays the invoice once, and none of the retries fails', async () => {
    const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
    const [invoice] = await invoicesOf(accountId);
    const session = await saveCard(world, customer, GOOD_CARD);
    expect(
      await Promise.all([1, 2, 3].map(() => completePaymentMethodSetup({ accountId, checkoutSessionId: session }))),
    ).toEqual([true, true, true]);
    await world.emulator.flushWebhooks();
    expect(world.answers.filter((status) => status !== 200)).toEqual([]);
    const paidEvents = (await eventsOf(world, 'invoice.paid')).filter(
      (e) => (e.data.object as Stripe.Invoice).id === invoice!.stripeInvoiceId,
    );
    expect(paidEvents).toHaveLength(1);
    expect(await failedCharges(world, customer)).toBe(1);
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });

  test("a late delivery of an older card's events does not take the default back from the newer card", async () => {
    const { accountId, customer } = await billedAccount(world, DECLINING_CARD);
    await updateCard(accountId, customer, GOOD_CARD);
    const [older, newer] = (await eventsOf(world, 'setup_intent.succeeded')).filter(
      (e) => (e.data.object as Stripe.SetupIntent).customer === customer,
    );
    expect(newer).toBeDefined();
    expect(await deliverAgain(older!)).toBe(200);
    const remote = await world.stripe.customers.retrieve(customer);
    expect((remote as Stripe.Customer).invoice_settings.default_payment_method).toBe(
      (newer!.data.object as Stripe.SetupIntent).payment_method,
    );
    expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).paymentMethodLabel).toBe(
      'Visa •••• 4242',
    );
  });

  test('a new default card chosen in the portal pays the unpaid invoice (customer.updated)', async () => {
    const { accountId, customer } = await closedAccount(world, DECLINING_CARD);
    expect((await standingOf(accountId)).blockedAt).not.toBeNull();
    await addCardInPortal(world, customer, GOOD_CARD);
    expect((await invoicesOf(accountId))[0]!.status).toBe('paid');
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });
});

describe('an invoice unpaid past its due date blocks', () => {
  test('an invoice-billed account is blocked once its invoice is overdue, and unblocked when it is paid', async () => {
    const email = `overdue-${randomUUID()}@example.test`;
    const { accountId } = await findOrCreateAccountByEmail({ email });
    await setInvoiceBilling({ email, invoice: true });
    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]);
    await closeMonth({ month: billingMonth(), accountId });
    await world.emulator.flushWebhooks();
    const [invoice] = await invoicesOf(accountId);
    expect(invoice!.status).toBe('open');
    expect(invoice!.dueAt).not.toBeNull();
    const due = invoice!.dueAt!;

    // Sent, and mailed once: not a block before its due date.
    expect((await mailTo(email)).map((m) => m.subject)).toEqual([
      `Invoice for ${invoice!.month}: $0.90, due ${due.toISOString().slice(0, 10)}`,
    ]);
    await refreshOverdueStanding({ now: new Date(due.getTime() - 1000) });
    expect((await standingOf(accountId)).blockedAt).toBeNull();

    // The hourly check after the due date blocks it.
    await refreshOverdueStanding({ now: new Date(due.getTime() + 1000) });
    expect(await standingOf(accountId)).toMatchObject({
      blockedCauses: ['overdue_invoice'],
      blockedReason: `The invoice ${invoice!.number} for ${invoice!.month} ($0.90) is unpaid past its due date, ${due.toISOString().slice(0, 10)}.`,
      blockedDueCents: 90,
    });
    expect((await mailTo(email)).map((m) => m.subject)).toContain('Your Public Data API account is blocked');

    // The customer pays it on the invoice's page (here: with a card, through the API).
    const customer = (await db.account.findUniqueOrThrow({ where: { id: accountId } })).stripeCustomerId!;
    await saveCard(world, customer, GOOD_CARD);
    await world.emulator.flushWebhooks();
    const [card] = (await world.stripe.paymentMethods.list({ customer })).data;
    await world.stripe.invoices.pay(invoice!.stripeInvoiceId!, { payment_method: card!.id });
    await world.emulator.flushWebhooks();
    expect((await standingOf(accountId)).blockedAt).toBeNull();
  });
});
