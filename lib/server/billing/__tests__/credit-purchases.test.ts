// Buying prepaid credits through Checkout in payment mode, end to end on the Stripe emulator with
// its webhooks signed as Stripe signs them: the balance shows the amount paid once, whichever of
// the webhooks (checkout.session.completed, payment_intent.succeeded) and the return page comes
// first; the receipt is mailed once, with its PDF readable by that account only; a declined card adds nothing; bad amounts and post-paid
// accounts are refused before Stripe is asked.
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { findOrCreateAccountByEmail } from '@/lib/server/account/find-or-create-account-by-email';
import { ConsoleError } from '@/lib/server/console-error';
import { applyCreditCheckout, startCreditPurchase } from '../credit-purchases';
import { creditReceiptPdf, findCreditReceipt } from '../credit-receipt';
import { readCreditLedger } from '../credits';
import { type BillingWorld, startBillingWorld } from './support/billing-harness';
import { DECLINING_CARD, GOOD_CARD, mailTo } from './support/standing-helpers';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

async function prepaidAccount() {
  const email = `credits-${randomUUID()}@example.test`;
  const { accountId } = await findOrCreateAccountByEmail({ email });
  await db.account.update({ where: { id: accountId }, data: { billingMode: 'prepaid' } });
  return { accountId, email };
}

const sessionIdOf = (url: string) => /cs_[A-Za-z0-9_]+/.exec(url)![0];
const balanceOf = async (accountId: string) =>
  (await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { creditBalanceMicros: true } }))
    .creditBalanceMicros;

test('a purchase paid in Checkout is added once, by the webhooks and the return page alike, with one receipt', async () => {
  const { accountId, email } = await prepaidAccount();
  const url = await startCreditPurchase({ accountId, amountCents: 500, consoleOrigin: 'http://console.test' });
  const sessionId = sessionIdOf(url);
  await world.emulator.control(`/_sandbox/checkout/${sessionId}/complete`, { card: GOOD_CARD });
  // The return page may come before or after the webhooks: both apply the same payment once.
  expect(await applyCreditCheckout({ checkoutSessionId: sessionId, accountId })).toBe(true);
  await world.emulator.flushWebhooks();
  expect(await applyCreditCheckout({ checkoutSessionId: sessionId, accountId })).toBe(true);
  expect(await balanceOf(accountId)).toBe(5_000_000n);
  const ledger = await readCreditLedger(accountId);
  expect(ledger.lines.map((l) => [l.kind, l.amountMicros, l.balanceMicros])).toEqual([
    ['purchase', 5_000_000n, 5_000_000n],
  ]);
  expect(await db.creditPayment.findUniqueOrThrow({ where: { checkoutSessionId: sessionId } })).toMatchObject({
    status: 'succeeded',
    amountMicros: 5_000_000n,
  });
  const receipts = (await mailTo(email)).filter((m) => m.subject === 'Receipt: $5.00 of prepaid credits');
  expect(receipts).toHaveLength(1);
  // The mail gives the receipt's number and links its PDF, which only this account can read.
  const receiptId = ledger.lines[0]!.receiptId!;
  const receipt = await findCreditReceipt({ accountId, entryId: receiptId });
  expect(receipt).toMatchObject({ kind: 'purchase', amountMicros: 5_000_000n, billedTo: [email] });
  expect(receipts[0]!.text).toContain(`Receipt number: ${receipt!.number}`);
  expect(receipts[0]!.text).toContain(`/billing/receipts/${receiptId}`);
  const pdf = await PDFDocument.load(await creditReceiptPdf(receipt!));
  expect([pdf.getTitle(), pdf.getPageCount()]).toEqual([`Receipt ${receipt!.number}`, 1]);
  const stranger = await prepaidAccount();
  expect(await findCreditReceipt({ accountId: stranger.accountId, entryId: receiptId })).toBeNull();
  expect(world.answers.every((status) => status === 200)).toBe(true);
  // The card was saved for later (off-session) charges.
  const account = await db.account.findUniqueOrThrow({ where: { id: accountId }, select: { stripeCustomerId: true } });
  expect((await world.stripe.paymentMethods.list({ customer: account.stripeCustomerId! })).data).toHaveLength(1);
});

test("another account's return page applies nothing, and a declined card adds nothing", async () => {
  const { accountId } = await prepaidAccount();
  const other = await prepaidAccount();
  const url = await startCreditPurchase({ accountId, amountCents: 1_250, consoleOrigin: 'http://console.test' });
  const sessionId = sessionIdOf(url);
  await world.emulator.control(`/_sandbox/checkout/${sessionId}/complete`, { card: DECLINING_CARD }).catch(() => null);
  await world.emulator.flushWebhooks();
  expect(await applyCreditCheckout({ checkoutSessionId: sessionId, accountId })).toBe(false);
  expect(await balanceOf(accountId)).toBe(0n);
  await world.emulator.control(`/_sandbox/checkout/${sessionId}/complete`, { card: GOOD_CARD });
  expect(await applyCreditCheckout({ checkoutSessionId: sessionId, accountId: other.accountId })).toBe(false);
  expect(await balanceOf(other.accountId)).toBe(0n);
  await world.emulator.flushWebhooks();
  expect(await balanceOf(accountId)).toBe(12_500_000n);
});

test('amounts outside $5 to the operator’s maximum, and post-paid accounts, are refused before Stripe is asked', async () => {
  const { accountId } = await prepaidAccount();
  for (const amountCents of [499, 50_001, 10.5]) {
    await expect(startCreditPurchase({ accountId, amountCents, consoleOrigin: 'http://console.test' })).rejects.toThrow(
      'Buy from $5.00 to $500.00 of credits, in whole cents.',
    );
  }
  const postpaid = await findOrCreateAccountByEmail({ email: `credits-${randomUUID()}@example.test` });
  await expect(
    startCreditPurchase({ accountId: postpaid.accountId, amountCents: 500, consoleOrigin: 'http://console.test' }),
  ).rejects.toBeInstanceOf(ConsoleError);
  expect(await db.creditPayment.count({ where: { accountId: { in: [accountId, postpaid.accountId] } } })).toBe(0);
});
