import 'server-only';

import type Stripe from 'stripe';

import { stripe } from '@/lib/billing/stripe-client';
import { db } from '@/lib/db';

import { ensureStripeCustomer } from './ensure-stripe-customer';
import { invoiceAmounts } from './invoice-amounts';
import { ledgerLines, type LedgerLine } from './ledger-lines';
import { syncInvoice } from './sync-invoice';

export type CloseMonthOptions = {
  month: string;
  /** One account; else every account with usage in the month. */
  accountId?: string;
  /** Tests: stop as a killed process would, right after this step. */
  crashAfter?: 'invoice-row' | 'stripe-invoice' | 'first-item';
};

export type ClosedInvoice = { accountId: string; invoiceId: string | null; amountCents: number; carriedOutMicros: bigint };

const describeLine = (l: LedgerLine) =>
  `${l.endpoint}: ${l.requests} requests, ${l.units} units (${l.freeUnits} free, ${l.units - l.freeUnits} billable, ${l.sentimentUnits} with sentiment)`;

/**
 * Turns each account's month (what earlier invoices of the month have not billed yet) into one
 * Stripe invoice with a line per endpoint, then finalizes and charges it. Safe to run again at
 * any point and from several places at once: an advisory lock per account and month lets one
 * run at a time, every Stripe call has an idempotency key made of (invoice, step, endpoint),
 * and each Stripe id is saved right after its call, so a run killed anywhere resumes without
 * duplicates or gaps.
 */
export async function closeMonth({ month, accountId, crashAfter }: CloseMonthOptions): Promise<ClosedInvoice[]> {
  const accounts = accountId
    ? [accountId]
    : (await db.usageMonthly.findMany({ where: { month, amountMicros: { gt: 0 } }, distinct: ['accountId'], select: { accountId: true } })).map((r) => r.accountId);
  const closed: ClosedInvoice[] = [];
  for (const id of accounts) closed.push(await closeAccountMonth(id, month, crashAfter));
  return closed;
}

async function closeAccountMonth(accountId: string, month: string, crashAfter?: CloseMonthOptions['crashAfter']): Promise<ClosedInvoice> {
  // The transaction only holds the lock: every write below commits on its own, at once.
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`close-month:${accountId}:${month}`}))`;
      const invoiceId = (await unfinishedInvoice(accountId, month)) ?? (await recordInvoice(accountId, month));
      if (!invoiceId) return { accountId, invoiceId: null, amountCents: 0, carriedOutMicros: 0n };
      if (crashAfter === 'invoice-row') throw new Error('crash after the invoice row');
      const invoice = await sendInvoice(invoiceId, crashAfter);
      return { accountId, invoiceId, amountCents: invoice.amountCents, carriedOutMicros: invoice.carriedOutMicros };
    },
    { timeout: 300_000, maxWait: 300_000 },
  );
}

/** An invoice an earlier run recorded but did not finish sending. */
async function unfinishedInvoice(accountId: string, month: string): Promise<string | null> {
  const found = await db.invoice.findFirst({
    where: { accountId, month, status: 'draft', amountCents: { gt: 0 } },
    orderBy: { sequence: 'desc' },
    select: { id: true },
  });
  return found?.id ?? null;
}

/** Records the next invoice of the month from the ledger, or null when there is nothing new. */
async function recordInvoice(accountId: string, month: string): Promise<string | null> {
  const lines = await ledgerLines({ accountId, month });
  if (!lines.length) return null;
  const last = await db.invoice.findFirst({ where: { accountId }, orderBy: { createdAt: 'desc' }, select: { carriedOutMicros: true } });
  const carriedIn = last?.carriedOutMicros ?? 0n;
  const amounts = invoiceAmounts(lines, carriedIn);
  const sequence = ((await db.invoice.aggregate({ where: { accountId, month }, _max: { sequence: true } }))._max.sequence ?? 0) + 1;
  const invoice = await db.invoice.create({
    data: {
      accountId, month, sequence,
      // Under the minimum charge: nothing is sent; the whole amount is carried to the next invoice.
      status: amounts.chargedCents > 0n ? 'draft' : 'void',
      amountMicros: lines.reduce((sum, l) => sum + l.amountMicros, 0n),
      carriedInMicros: carriedIn,
      carriedOutMicros: amounts.carriedOutMicros,
      amountCents: Number(amounts.chargedCents),
      lines: { create: lines },
    },
    select: { id: true },
  });
  return amounts.chargedCents > 0n ? invoice.id : null;
}

async function sendInvoice(invoiceId: string, crashAfter?: CloseMonthOptions['crashAfter']) {
  const invoice = await db.invoice.findUniqueOrThrow({ where: { id: invoiceId }, include: { lines: { orderBy: { endpoint: 'asc' } } } });
  const customer = await ensureStripeCustomer({ accountId: invoice.accountId });
  const key = (step: string) => `invoice:${invoice.id}:${step}`;
  let stripeId = invoice.stripeInvoiceId;
  if (!stripeId) {
    const created = await stripe().invoices.create(
      {
        customer,
        collection_method: 'charge_automatically',
        auto_advance: false,
        currency: 'usd',
        pending_invoice_items_behavior: 'exclude',
        description: `API usage, ${invoice.month}${invoice.sequence > 1 ? ` (part ${invoice.sequence})` : ''}`,
        metadata: { accountId: invoice.accountId, month: invoice.month, sequence: String(invoice.sequence), invoiceId: invoice.id },
      },
      { idempotencyKey: key('create') },
    );
    stripeId = created.id!;
    await db.invoice.update({ where: { id: invoice.id }, data: { stripeInvoiceId: stripeId } });
  }
  if (crashAfter === 'stripe-invoice') throw new Error('crash after the Stripe invoice');
  const amounts = invoiceAmounts(invoice.lines, invoice.carriedInMicros);
  for (const line of invoice.lines) {
    const cents = amounts.lineCents.get(line.endpoint) ?? 0n;
    if (line.stripeInvoiceItem || cents === 0n) continue;
    const item = await stripe().invoiceItems.create(
      { customer, invoice: stripeId, currency: 'usd', amount: Number(cents), description: describeLine(line), metadata: { endpoint: line.endpoint } },
      { idempotencyKey: key(`item:${line.endpoint}`) },
    );
    await db.invoiceLine.update({ where: { invoiceId_endpoint: { invoiceId: invoice.id, endpoint: line.endpoint } }, data: { stripeInvoiceItem: item.id } });
    if (crashAfter === 'first-item') throw new Error('crash after the first invoice item');
  }
  if (amounts.adjustmentCents > 0n) {
    await stripe().invoiceItems.create(
      { customer, invoice: stripeId, currency: 'usd', amount: Number(amounts.adjustmentCents), description: 'Rounding of the lines above and amounts carried from earlier invoices' },
      { idempotencyKey: key('item:adjustment') },
    );
  }
  let remote: Stripe.Invoice = await stripe().invoices.retrieve(stripeId);
  if (remote.status === 'draft') remote = await stripe().invoices.finalizeInvoice(stripeId, {}, { idempotencyKey: key('finalize') });
  if (remote.status === 'open') {
    // A decline is expected (Stripe announces it as invoice.payment_failed); the sync below records it.
    await stripe().invoices.pay(stripeId, {}, { idempotencyKey: key(`pay:${remote.attempt_count}`) }).catch((error: unknown) => {
      if ((error as { type?: string }).type !== 'StripeCardError' && (error as { type?: string }).type !== 'StripeInvalidRequestError') throw error;
    });
  }
  await syncInvoice({ stripeInvoiceId: stripeId });
  return db.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
}
