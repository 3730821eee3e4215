// Mail on money events, through the outbox (MailMessage), each sent once however often Stripe tells
// of it: a failed payment, the block, the receipt, the unblock, and the spending-cap warnings.
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { consoleUrl } from '@/lib/server/account/console-url';
import { completePaymentMethodSetup } from '../complete-payment-method-setup';
import { invoiceLink } from '../invoice-links';
import { refreshAccountStanding } from '../refresh-account-standing';
import { setSpendingCaps } from '../set-spending-caps';
import { evaluateUsageAlerts } from '@/lib/server/alerts/evaluate-usage-alerts';
import { billedAccount, type BillingWorld, recordCalls, saveCard, startBillingWorld } from './support/billing-harness';
import { closedAccount, DECLINING_CARD, deliverAgain, eventsOf, GOOD_CARD, mailTo } from './support/standing-helpers';
import { billingMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

/** Delivers every event of these types about this invoice again, as Stripe does after a lost answer. */
async function redeliver(types: string[], stripeInvoiceId: string): Promise<void> {
  for (const type of types) {
    for (const event of (await eventsOf(world, type)).filter(
      (e) => (e.data.object as Stripe.Invoice).id === stripeInvoiceId,
    )) {
      expect(await deliverAgain(event)).toBe(200);
    }
  }
}

describe('mail on money events', () => {
  test('a failed payment (which blocks), the receipt and the unblock are each mailed once, with the amount and the links', async () => {
    const { accountId, customer, email } = await closedAccount(world, DECLINING_CARD);
    const invoice = await db.invoice.findFirstOrThrow({ where: { accountId } });
    const failed = (await mailTo(email)).find((m) => m.subject.includes('failed'))!;
    expect(failed.subject).toBe('Your payment of $0.90 failed');
    expect(failed.text).toContain(
      `We could not charge your card $0.90 for the invoice ${invoice.number} for ${invoice.month}.`,
    );
    expect(failed.text).toContain(consoleUrl('/billing'));
    // The invoice's page, to pay it by card there.
    expect(failed.text).toContain(invoiceLink(invoice.id));
    // The failure's mail is the block's notice too: no second mail about it.
    expect(failed.text).toContain('Until it is paid, the API answers 403 account_blocked.');
    expect((await mailTo(email)).map((m) => m.subject)).toEqual(['Your payment of $0.90 failed']);

    const session = await saveCard(world, customer, GOOD_CARD);
    expect(await completePaymentMethodSetup({ accountId, checkoutSessionId: session })).toBe(true);
    await world.emulator.flushWebhooks();
    const paid = await db.invoice.findFirstOrThrow({ where: { accountId } });
    expect(paid.status).toBe('paid');

    // Stripe tells of it all again; the standing is derived again: nothing more is mailed.
    await redeliver(['invoice.payment_failed', 'invoice.paid'], invoice.stripeInvoiceId!);
    await refreshAccountStanding({ accountId });

    const mails = await mailTo(email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Receipt: $0.90 paid for ${invoice.month}`,
      'Your Public Data API account is unblocked',
      'Your payment of $0.90 failed',
    ]);
    const receipt = mails.find((m) => m.subject.startsWith('Receipt'))!;
    expect(receipt.text).toContain(
      `we received $0.90 for the invoice ${invoice.number} for ${invoice.month} on ${paid.paidAt!.toISOString().slice(0, 10)}`,
    );
    // Links through the console, which finds the current hosted page and PDF.
    expect(receipt.text).toContain(invoiceLink(paid.id));
    expect(receipt.text).toContain(invoiceLink(paid.id, 'pdf'));
    expect(receipt.text).not.toContain(paid.hostedInvoiceUrl!);
    expect(mails.find((m) => m.subject.endsWith('unblocked'))!.text).toContain(
      `Invoice ${invoice.number} for ${invoice.month} was paid.`,
    );
  });

  test('spending-cap warnings at 80% and 100% are mailed once per period, cap and threshold', async () => {
    const { accountId } = await billedAccount(world, GOOD_CARD);
    const { email } = await db.user.findFirstOrThrow({ where: { accountId } });
    await setSpendingCaps({ accountId, dailyCapMicros: 1_000_000n, monthlyCapMicros: 2_000_000n });
    const subjects = async () => (await mailTo(email)).map((m) => m.subject);
    const day = new Date().toISOString().slice(0, 10);

    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 }]); // $0.90
    await evaluateUsageAlerts();
    await evaluateUsageAlerts();
    expect(await subjects()).toEqual(['You used 80% of your daily spending cap']);
    expect((await mailTo(email))[0]!.text).toContain(
      `Your spend for ${day} (UTC) is $0.90 of your daily spending cap of $1.00.`,
    );

    await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 150, priceMicros: 6000 }]); // $1.80 in all
    await evaluateUsageAlerts();
    await evaluateUsageAlerts();
    expect((await subjects()).sort()).toEqual([
      'You reached your daily spending cap ($1.00)',
      'You used 80% of your daily spending cap',
      'You used 80% of your monthly spending cap',
    ]);
    const monthly = (await mailTo(email)).find((m) => m.subject.includes('monthly'))!;
    expect(monthly.text).toContain(
      `Your spend for ${billingMonth()} (UTC) is $1.80 of your monthly spending cap of $2.00.`,
    );

    // A raised cap is a new cap: warned about again when its own thresholds are reached.
    await setSpendingCaps({ accountId, dailyCapMicros: 2_000_000n, monthlyCapMicros: 2_000_000n });
    await evaluateUsageAlerts();
    expect((await subjects()).slice(3)).toEqual(['You used 80% of your daily spending cap']);
  });
});
