import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { withIdempotencyAttempts } from '@/lib/stripe/idempotency';
import { db } from '@/lib/db';

export type ApplySetupIntentOptions = {
  setupIntentId: string /** Only for this account (the console's return page). */;
  accountId?: string;
};

function label(method: Stripe.PaymentMethod): string {
  const card = method.card;
  return card ? `${card.brand[0]!.toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}` : method.type;
}

/**
 * A card saved through Checkout (setup mode, "Add/Update payment method"): it becomes the
 * customer's default payment method (`invoice_settings.default_payment_method`) and every other
 * card of the customer is detached, so an update replaces the card rather than adding one (never
 * 4242, then the failing 0341, then 4242 again, all on file). The account has a
 * payment method on file (the free-tier cap lifts on its next request). Re-read from Stripe, so it
 * is safe to apply from the webhooks and from the return page, in any order and more than once;
 * the account's applications run one at a time (an advisory lock). Only the customer's newest card
 * is applied: a late or repeated delivery of an older card's events changes nothing (that card is
 * detached by then). The account's id, for the caller to retry its unpaid invoices with the card
 * (retry-unpaid-invoices.ts); null when the intent is not a saved card of an account.
 */
export async function applySetupIntent({ setupIntentId, accountId }: ApplySetupIntentOptions): Promise<string | null> {
  const intent = await stripe().setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
  const method = intent.payment_method as Stripe.PaymentMethod | null;
  if (intent.status !== 'succeeded' || !method || typeof intent.customer !== 'string') return null;
  const customerId = intent.customer;
  const account = await db.account.findFirst({
    where: { stripeCustomerId: customerId, ...(accountId ? { id: accountId } : {}) },
    select: { id: true },
  });
  if (!account) return null;
  // The transaction only holds the lock: every write below commits on its own.
  await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`payment-method:${account.id}`}))`;
      // Stripe lists a customer's payment methods newest first.
      const cards: Stripe.PaymentMethod[] = [];
      for await (const card of stripe().paymentMethods.list({ customer: customerId, limit: 100 })) cards.push(card);
      const [newest, ...replaced] = cards;
      if (newest?.id !== method.id) {
        await refreshPaymentMethod({ customerId });
        return;
      }
      await withIdempotencyAttempts(`default-pm:${customerId}:${method.id}`, (idempotencyKey) =>
        stripe().customers.update(
          customerId,
          { invoice_settings: { default_payment_method: method.id } },
          { idempotencyKey },
        ),
      );
      await db.account.update({
        where: { id: account.id },
        // A new card turns a stopped auto-recharge of prepaid credits back on (auto-recharge.ts).
        data: {
          hasPaymentMethod: true,
          paymentMethodLabel: label(method),
          autoRechargeStoppedAt: null,
          autoRechargeStoppedReason: null,
        },
      });
      // Only once the new card is the default: the customer is never left without one.
      for (const card of replaced) {
        await withIdempotencyAttempts(`detach-pm:${card.id}`, (idempotencyKey) =>
          stripe().paymentMethods.detach(card.id, {}, { idempotencyKey }),
        );
      }
    },
    { timeout: 120_000, maxWait: 120_000 },
  );
  return account.id;
}

export type RefreshPaymentMethodOptions = { customerId: string };

/**
 * The customer's default card as Stripe has it now (changed or removed in the portal or the
 * dashboard): without a default, no payment method is on file. The account's id, or null.
 */
export async function refreshPaymentMethod({ customerId }: RefreshPaymentMethodOptions): Promise<string | null> {
  const customer = await stripe().customers.retrieve(customerId, {
    expand: ['invoice_settings.default_payment_method'],
  });
  const account = await db.account.findFirst({ where: { stripeCustomerId: customerId }, select: { id: true } });
  if (!account) return null;
  const method = customer.deleted
    ? null
    : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
  await db.account.update({
    where: { id: account.id },
    data: method
      ? { hasPaymentMethod: true, paymentMethodLabel: label(method) }
      : { hasPaymentMethod: false, paymentMethodLabel: null },
  });
  return account.id;
}
