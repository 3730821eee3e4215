import 'server-only';

import { formatCents } from '@/lib/money';
import type { AccountBlockCause, InvoiceStatus } from '@/lib/generated/prisma/client';

export type BlockFacts = {
  cause: AccountBlockCause;
  amountCents: number | null;
  invoice: {
    number: string | null;
    month: string;
    amountCents: number;
    status: InvoiceStatus;
    dueAt: Date | null;
    /** Not charged for want of a card (none on file at the close). */
    noPaymentMethodAt?: Date | null;
  } | null;
};

/** One block in words for the customer (the banner, the 403, the mails). Derived, never parsed. */
export function describeAccountBlock({ cause, amountCents, invoice }: BlockFacts): string {
  const name = invoice
    ? `invoice ${invoice.number ? `${invoice.number} ` : ''}for ${invoice.month} (${formatCents(invoice.amountCents)})`
    : 'an invoice';
  switch (cause) {
    case 'unpaid_invoice':
      if (invoice?.status === 'uncollectible') return `The ${name} could not be collected.`;
      return invoice?.noPaymentMethodAt
        ? `The ${name} could not be charged: no card is on file.`
        : `The payment of the ${name} failed.`;
    case 'overdue_invoice':
      return `The ${name} is unpaid past its due date${invoice?.dueAt ? `, ${invoice.dueAt.toISOString().slice(0, 10)}` : ''}.`;
    case 'dispute':
      return `A payment${amountCents ? ` of ${formatCents(amountCents)}` : ''} was disputed and the dispute was lost: contact support.`;
    case 'operator':
      return 'The account was blocked by our staff: contact support.';
  }
}
