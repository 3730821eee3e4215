// Account deletion is refused while money is owed, and erases what it promises.
import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import type { InvoiceStatus } from '@/lib/generated/prisma/client';
import { deleteAccount } from '@/lib/server/account/delete-account';
import { createAccountWithUser } from '@/lib/server/account/create-account-with-user';
import { authenticateWithPassword } from '@/lib/server/auth/authenticate-with-password';
import { blockAccount } from '@/lib/server/billing/block-account';
import { releaseDeletedBilling } from '@/lib/server/billing/release-deleted-billing';
import { createApiKey } from '@/lib/server/keys/create-api-key';

const PASSWORD = 'correct horse battery staple';

async function signedUp(email = `deletion-${randomUUID()}@accounts.test`) {
  const { user, account } = await createAccountWithUser({ email, password: PASSWORD });
  const { record: key } = await createApiKey({
    accountId: account.id,
    actor: { id: user.id, label: email },
    name: 'production',
  });
  return { email, userId: user.id, accountId: account.id, keyId: key.id };
}

let sequence = 0;
function invoice(accountId: string, status: InvoiceStatus, amountCents: number) {
  return db.invoice.create({
    data: {
      accountId,
      month: '2026-10',
      sequence: ++sequence,
      status,
      amountMicros: BigInt(amountCents) * 10_000n,
      amountCents,
      // As the close leaves it: only a draft is unfinished (a daily sweep would take up any other).
      closedAt: status === 'draft' ? null : new Date(),
    },
  });
}

/** A lost dispute not yet settled: a block that no invoice explains. */
function loseDispute(accountId: string) {
  return blockAccount({
    accountId,
    cause: 'dispute',
    stripeDisputeId: `dp_${randomUUID().slice(0, 12)}`,
    amountCents: 60,
    actor: { label: 'test' },
  });
}

async function expectNothingChanged({ email, accountId, keyId }: { email: string; accountId: string; keyId: string }) {
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: keyId } })).status).toBe('active');
  expect(await db.user.count({ where: { email, accountId } })).toBe(1);
  expect((await db.account.findUniqueOrThrow({ where: { id: accountId } })).deletedAt).toBeNull();
  expect((await authenticateWithPassword({ email, password: PASSWORD, ip: null })).ok).toBe(true);
}

describe('deleteAccount refuses while money is owed', () => {
  it('refuses while an invoice is uncollectible, and changes nothing', async () => {
    const owner = await signedUp();
    await invoice(owner.accountId, 'uncollectible', 60);
    expect(await deleteAccount({ accountId: owner.accountId })).toMatchObject({ ok: false, reason: 'unpaid_invoice' });
    await expectNothingChanged(owner);
  });

  it.each([
    ['open', 60],
    ['draft', 75],
  ] as const)('refuses while an invoice is %s with an amount', async (status, cents) => {
    const owner = await signedUp();
    await invoice(owner.accountId, status, cents);
    expect(await deleteAccount({ accountId: owner.accountId })).toMatchObject({ ok: false, reason: 'unpaid_invoice' });
    await expectNothingChanged(owner);
  });

  it('refuses while the account is blocked though no invoice is unpaid (an unsettled lost dispute)', async () => {
    const owner = await signedUp();
    await invoice(owner.accountId, 'paid', 60);
    await loseDispute(owner.accountId);
    expect((await db.account.findUniqueOrThrow({ where: { id: owner.accountId } })).blockedAt).not.toBeNull();
    expect(await deleteAccount({ accountId: owner.accountId })).toEqual({ ok: false, reason: 'account_blocked' });
    await expectNothingChanged(owner);
  });

  it('deletes when every invoice is paid or void and an empty draft remains', async () => {
    const owner = await signedUp();
    await invoice(owner.accountId, 'paid', 60);
    await invoice(owner.accountId, 'void', 0);
    await invoice(owner.accountId, 'draft', 0);
    expect(await deleteAccount({ accountId: owner.accountId })).toEqual({ ok: true });
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: owner.keyId } })).status).toBe('deleted');
  });
});

describe('deleteAccount erases personal data', () => {
  it('removes the card label at once and the Stripe customer reference once nothing is left to bill, and keeps the invoices', async () => {
    const owner = await signedUp();
    const customer = `cus_${randomUUID().replaceAll('-', '')}`;
    await db.account.update({
      where: { id: owner.accountId },
      data: { stripeCustomerId: customer, hasPaymentMethod: true, paymentMethodLabel: 'Visa •••• 4242' },
    });
    await invoice(owner.accountId, 'paid', 60);
    expect(await deleteAccount({ accountId: owner.accountId })).toEqual({ ok: true });
    expect(await db.account.findUniqueOrThrow({ where: { id: owner.accountId } })).toMatchObject({
      stripeCustomerId: customer,
      paymentMethodLabel: null,
    });
    // The daily sweep, once calls in flight at the deletion had time to be recorded and billed.
    await releaseDeletedBilling({ now: new Date(Date.now() + 2 * 3600_000), accountId: owner.accountId });
    const account = await db.account.findUniqueOrThrow({ where: { id: owner.accountId } });
    expect(account).toMatchObject({ stripeCustomerId: null, paymentMethodLabel: null, hasPaymentMethod: false });
    expect(account.deletedAt).not.toBeNull();
    expect(await db.account.count({ where: { stripeCustomerId: customer } })).toBe(0);
    expect(await db.invoice.count({ where: { accountId: owner.accountId } })).toBe(1);
  });
});

describe('signing up again with the email of a deleted account', () => {
  it('gives no clean account while money is owed: deletion is refused and the email stays taken', async () => {
    const owner = await signedUp();
    await invoice(owner.accountId, 'uncollectible', 60);
    await loseDispute(owner.accountId);
    expect((await deleteAccount({ accountId: owner.accountId })).ok).toBe(false);
    await expect(createAccountWithUser({ email: owner.email, password: 'another passphrase' })).rejects.toMatchObject({
      code: 'email_taken',
    });
    const signedIn = await authenticateWithPassword({ email: owner.email, password: PASSWORD, ip: null });
    expect(signedIn.ok && signedIn.user.accountId).toBe(owner.accountId);
  });

  it('gives a new account once everything is settled and the old one deleted', async () => {
    const owner = await signedUp();
    const unpaid = await invoice(owner.accountId, 'uncollectible', 60);
    expect((await deleteAccount({ accountId: owner.accountId })).ok).toBe(false);
    await db.invoice.update({ where: { id: unpaid.id }, data: { status: 'paid', paidAt: new Date() } });
    expect(await deleteAccount({ accountId: owner.accountId })).toEqual({ ok: true });

    const again = await signedUp(owner.email);
    expect(again.accountId).not.toBe(owner.accountId);
    expect(await db.invoice.count({ where: { accountId: again.accountId } })).toBe(0);
    expect(await db.invoice.count({ where: { accountId: owner.accountId } })).toBe(1);
  });
});
