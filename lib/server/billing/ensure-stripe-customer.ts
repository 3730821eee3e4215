import 'server-only';

import { stripe } from '@/lib/stripe/client';
import { withIdempotencyAttempts } from '@/lib/stripe/idempotency';
import { db } from '@/lib/db';

export type EnsureStripeCustomerOptions = { accountId: string };

/**
 * The account's Stripe customer, created on first need. The idempotency key is the account's,
 * so two concurrent first calls (or a retry after a crash before the id was saved) make one.
 */
export async function ensureStripeCustomer({ accountId }: EnsureStripeCustomerOptions): Promise<string> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { stripeCustomerId: true, users: { select: { email: true }, orderBy: { createdAt: 'asc' }, take: 1 } },
  });
  if (account.stripeCustomerId) return account.stripeCustomerId;
  // A 500 saved under the key is walked past (stripe-idempotency.ts); a customer a 500 made
  // anyway is left unused (no card, no invoice), which is harmless.
  const customer = await withIdempotencyAttempts(`customer:${accountId}`, (idempotencyKey) =>
    stripe().customers.create({ email: account.users[0]?.email, metadata: { accountId } }, { idempotencyKey }),
  );
  await db.account.updateMany({
    where: { id: accountId, stripeCustomerId: null },
    data: { stripeCustomerId: customer.id },
  });
  return customer.id;
}
