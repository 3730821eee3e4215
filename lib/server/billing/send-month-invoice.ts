import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/stripe/client';
import { withIdempotencyAttempts } from '@/lib/stripe/idempotency';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import type { Invoice } from '@/lib/generated/prisma/client';
import { monthRange } from '@/lib/utc-month';

import { closeMonthStep, type CloseMonthStepInfo } from './close-month-hooks';
import { ensureStripeCustomer } from './ensure-stripe-customer';
import { invoiceDocumentFields } from './invoice-document-fields';
import { plannedInvoiceItems } from './invoice-items';
import { mailInvoiceNotice } from './mail-invoice-notice';
import { syncInvoice } from './sync-invoice';

export type SendMonthInvoiceOptions = {
  invoiceId: string;
  /** Aborted when the close's lease is lost (month-close-lease.ts): checked before each Stripe write. */
  signal?: AbortSignal;
};

/** Stripe's draft does not add up to the invoice recorded from the ledger: it is left unfinalized. */
class InvoiceTotalMismatchError extends Error {
  constructor(stripeInvoiceId: string, stripeCents: number, ledgerCents: number) {
    super(
      `Stripe's draft invoice ${stripeInvoiceId} totals ${stripeCents} cents but the ledger's invoice ${ledgerCents}; not finalized. Compare its items with the invoice's lines.`,
    );
    this.name = 'InvoiceTotalMismatchError';
  }
}

/**
 * Takes a recorded invoice through Stripe: the draft (with its items), a check that Stripe's
 * total is the ledger's, finalization, then a charge of the default card or, for accounts
 * billed by invoice, `send_invoice` with a due date and the invoice sent (also for a card account
 * with no card left: see sendForWantOfCard). Resumable from any
 * point, also after Stripe's idempotency keys expired (24 h) or replay a saved 500 (each call walks
 * attempt-numbered keys past it: stripe-idempotency.ts): each Stripe id is saved as soon as
 * it exists, and a draft or item made but not saved is found in Stripe before anything is made
 * again. A card decline is a normal outcome (Stripe announces it); any other failure throws.
 */
export async function sendMonthInvoice({ invoiceId, signal }: SendMonthInvoiceOptions): Promise<Invoice> {
  const invoice = await db.invoice.findUniqueOrThrow({
    where: { id: invoiceId },
    include: { lines: { orderBy: { endpoint: 'asc' } }, account: { select: { billingByInvoice: true } } },
  });
  const at: CloseMonthStepInfo = { accountId: invoice.accountId, month: invoice.month, invoiceId };
  // Every Stripe write below makes its key first: a close that lost its lease stops there.
  const key = (step: string) => {
    signal?.throwIfAborted();
    return `invoice:${invoice.id}:${step}`;
  };
  const customer = await ensureStripeCustomer({ accountId: invoice.accountId });
  const stripeId = invoice.stripeInvoiceId ?? (await createDraft(invoice, customer, key, at));
  let remote: Stripe.Invoice = await stripe().invoices.retrieve(stripeId);
  if (remote.status === 'draft') {
    const items = await plannedInvoiceItems(invoice);
    if (items.some((i) => !i.savedId)) {
      // The billed month (UTC), first second to last: what the invoice and its PDF show as the service period.
      const [start, end] = monthRange(invoice.month);
      const servicePeriod = { start: start.getTime() / 1000, end: end.getTime() / 1000 - 1 };
      const onDraft = new Map<string, string>();
      for await (const item of stripe().invoiceItems.list({ invoice: stripeId, limit: 100 })) {
        const name = item.metadata?.endpoint ?? item.metadata?.line;
        if (name) onDraft.set(name, item.id);
      }
      for (const item of items.filter((i) => !i.savedId)) {
        let id = onDraft.get(item.name);
        if (!id) {
          const created = await withIdempotencyAttempts(key(`item:${item.name}`), (idempotencyKey) =>
            stripe().invoiceItems.create(
              {
                customer,
                invoice: stripeId,
                currency: 'usd',
                amount: Number(item.cents),
                description: item.description,
                metadata: item.metadata,
                period: servicePeriod,
              },
              { idempotencyKey },
            ),
          );
          id = created.id;
          await closeMonthStep('item-created', at);
        }
        await item.save(id);
        await closeMonthStep('item', at);
      }
    }
    await closeMonthStep('items', at);
    remote = await stripe().invoices.retrieve(stripeId);
    if (remote.total !== invoice.amountCents)
      throw new InvoiceTotalMismatchError(stripeId, remote.total, invoice.amountCents);
    if (remote.collection_method === 'charge_automatically' && !(await customerHasCard(customer))) {
      remote = await sendForWantOfCard(invoice.id, stripeId, key);
    }
    remote = await withIdempotencyAttempts(key('finalize'), (idempotencyKey) =>
      stripe().invoices.finalizeInvoice(stripeId, {}, { idempotencyKey }),
    );
    await closeMonthStep('finalized', at);
  }
  if (remote.status === 'open') await collect(remote, customer, invoice.id, key);
  await db.invoice.updateMany({ where: { id: invoice.id, closedAt: null }, data: { closedAt: new Date() } });
  await syncInvoice({ stripeInvoiceId: stripeId });
  await mailInvoiceNotice({ stripeInvoiceId: stripeId, kind: 'no_payment_method' });
  return db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
}

/** Whether the customer has a default card that `invoices.pay` would charge. */
async function customerHasCard(customer: string): Promise<boolean> {
  const remote = await stripe().customers.retrieve(customer);
  return !remote.deleted && Boolean(remote.invoice_settings?.default_payment_method);
}

/**
 * A card account with no card at the close (removed in the portal): the draft is switched to
 * `send_invoice`, so Stripe sends it and it has a hosted page the customer can pay by card, and
 * it is marked as charged for want of a card, which blocks the account at once (a card
 * account's invoice is due at the close; refresh-account-standing.ts).
 */
async function sendForWantOfCard(
  invoiceId: string,
  stripeId: string,
  key: (step: string) => string,
): Promise<Stripe.Invoice> {
  const switched = await withIdempotencyAttempts(key('no-card'), (idempotencyKey) =>
    stripe().invoices.update(
      stripeId,
      {
        collection_method: 'send_invoice',
        days_until_due: NO_CARD_DAYS_UNTIL_DUE,
        metadata: { collection: 'no_payment_method' },
      },
      { idempotencyKey },
    ),
  );
  await markNoPaymentMethod(invoiceId);
  return switched;
}

/**
 * Stripe wants a due date after the invoice is finalized; the block does not wait for it (it is
 * there for Stripe's own reminders and the hosted page).
 */
const NO_CARD_DAYS_UNTIL_DUE = 1;

const markNoPaymentMethod = (invoiceId: string) =>
  db.invoice.updateMany({ where: { id: invoiceId, noPaymentMethodAt: null }, data: { noPaymentMethodAt: new Date() } });

/** The Stripe draft of the invoice: one a killed run made (found by its metadata), or a new one. */
async function createDraft(
  invoice: Invoice & { account: { billingByInvoice: boolean } },
  customer: string,
  key: (step: string) => string,
  at: CloseMonthStepInfo,
): Promise<string> {
  let stripeId: string | undefined;
  for await (const draft of stripe().invoices.list({ customer, status: 'draft', limit: 100 })) {
    if (draft.metadata?.invoiceId === invoice.id) stripeId = draft.id;
  }
  if (!stripeId) {
    const created = await withIdempotencyAttempts(key('create'), (idempotencyKey) =>
      stripe().invoices.create(
        {
          customer,
          ...(invoice.account.billingByInvoice
            ? { collection_method: 'send_invoice', days_until_due: env.INVOICE_DAYS_UNTIL_DUE }
            : { collection_method: 'charge_automatically' }),
          auto_advance: false,
          currency: 'usd',
          pending_invoice_items_behavior: 'exclude',
          description: `API usage, ${invoice.month}${invoice.sequence > 1 ? ` (part ${invoice.sequence})` : ''}`,
          ...invoiceDocumentFields(invoice),
          metadata: {
            accountId: invoice.accountId,
            month: invoice.month,
            sequence: String(invoice.sequence),
            invoiceId: invoice.id,
          },
        },
        { idempotencyKey },
      ),
    );
    stripeId = created.id;
    await closeMonthStep('stripe-invoice-created', at);
  }
  await db.invoice.update({ where: { id: invoice.id }, data: { stripeInvoiceId: stripeId } });
  await closeMonthStep('stripe-invoice', at);
  return stripeId;
}

/**
 * Sends an invoice sent for payment (billed by invoice, or for want of a card), or charges the
 * default card. A decline is a normal outcome (Stripe announces it), and so is a card removed
 * after the draft was made: the invoice is then marked as unpaid for want of a card (it blocks,
 * and the customer is mailed to add one). Any other refusal throws.
 */
async function collect(
  remote: Stripe.Invoice,
  customer: string,
  invoiceId: string,
  key: (step: string) => string,
): Promise<void> {
  if (remote.collection_method === 'send_invoice') {
    await withIdempotencyAttempts(key('send'), (idempotencyKey) =>
      stripe().invoices.sendInvoice(remote.id, {}, { idempotencyKey }),
    );
    return;
  }
  try {
    await withIdempotencyAttempts(key(`pay:${remote.attempt_count}`), (idempotencyKey) =>
      stripe().invoices.pay(remote.id, {}, { idempotencyKey }),
    );
  } catch (error) {
    // A decline is expected: Stripe announces it (invoice.payment_failed) and the sync records it.
    if ((error as { type?: string }).type === 'StripeCardError') return;
    // Paid or voided meanwhile (a card update's retry): nothing left to collect.
    const now = await stripe().invoices.retrieve(remote.id);
    if (now.status !== 'open') return;
    // No card to charge: Stripe made no attempt and announces nothing, so we do.
    if (!now.default_payment_method && !(await customerHasCard(customer))) {
      await markNoPaymentMethod(invoiceId);
      return;
    }
    await syncInvoice({ stripeInvoiceId: remote.id });
    throw new Error(
      `Invoice ${now.number ?? remote.id} is finalized but could not be charged: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
