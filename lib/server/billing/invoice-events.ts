import 'server-only';

import type { InvoiceStatus, Prisma } from '@/lib/generated/prisma/client';
import { emitEvent } from '@/lib/server/events/emit-event';

import { invoiceLink } from './invoice-links';

// The webhook events of an invoice (docs/webhooks.md), told from the change a sync made to it:
// invoice.created when it is first finalized (issued), invoice.paid when it becomes paid,
// invoice.payment_failed for each failed charge (its attempt count grows while it is unpaid).

export const invoiceEventSelect = {
  id: true,
  accountId: true,
  number: true,
  month: true,
  status: true,
  amountCents: true,
  attemptCount: true,
  finalizedAt: true,
  paidAt: true,
  dueAt: true,
  paymentActionRequired: true,
} satisfies Prisma.InvoiceSelect;

type InvoiceFacts = Prisma.InvoiceGetPayload<{ select: typeof invoiceEventSelect }>;
type Before = { status: InvoiceStatus; finalizedAt: Date | null; attemptCount: number };

function invoiceEventData(invoice: InvoiceFacts) {
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      month: invoice.month,
      status: invoice.status,
      amount_cents: invoice.amountCents,
      currency: 'usd',
      attempt_count: invoice.attemptCount,
      finalized_at: invoice.finalizedAt?.toISOString() ?? null,
      paid_at: invoice.paidAt?.toISOString() ?? null,
      due_at: invoice.dueAt?.toISOString() ?? null,
      payment_action_required: invoice.paymentActionRequired,
      url: invoiceLink(invoice.id),
    },
  };
}

export async function emitInvoiceEvents(
  tx: Prisma.TransactionClient,
  before: Before,
  after: InvoiceFacts,
): Promise<void> {
  const data = invoiceEventData(after);
  const { accountId } = after;
  if (!before.finalizedAt && after.finalizedAt) await emitEvent({ accountId, type: 'invoice.created', data, tx });
  const unpaid = after.status === 'open' || after.status === 'uncollectible';
  if (unpaid && after.attemptCount > before.attemptCount)
    await emitEvent({ accountId, type: 'invoice.payment_failed', data, tx });
  if (before.status !== 'paid' && after.status === 'paid')
    await emitEvent({ accountId, type: 'invoice.paid', data, tx });
}
