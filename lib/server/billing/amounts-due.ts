// "Amount due", told apart: what is due now (a failed or impossible charge, an
// uncollectible or overdue invoice, a lost dispute) and what is open but due later (an invoice
// sent for payment, before its due date), each with its date. An invoice being charged at the
// close (no attempt yet) is neither: it is "being charged". Pure; get-amounts-due.ts reads the facts.

export type OpenInvoiceFacts = {
  id: string;
  number: string | null;
  month: string;
  status: 'open' | 'uncollectible';
  amountCents: number;
  attemptCount: number;
  dueAt: Date | null;
  overdueAt: Date | null;
  noPaymentMethodAt: Date | null;
};

export type AmountsDue = {
  /** Cents due now: unpaid invoices past their moment to pay, and lost disputes. */
  dueNowCents: number;
  /** Open invoices not due yet, soonest first. */
  dueLater: { invoiceId: string; number: string | null; month: string; amountCents: number; dueAt: string }[];
  /** Cents being charged to the card on file (a close's charge not yet answered). */
  beingChargedCents: number;
};

/** When an open invoice is to be paid: now, later (on its due date), or it is being charged. */
function invoiceDue(invoice: OpenInvoiceFacts, now: Date): 'now' | 'later' | 'charging' {
  if (invoice.status === 'uncollectible' || invoice.overdueAt || invoice.noPaymentMethodAt) return 'now';
  if (invoice.dueAt) return invoice.dueAt <= now ? 'now' : 'later';
  return invoice.attemptCount > 0 ? 'now' : 'charging';
}

export function amountsDue({
  invoices,
  disputedCents,
  now,
}: {
  invoices: OpenInvoiceFacts[];
  /** Lost disputes still blocking the account, cents. */
  disputedCents: number;
  now: Date;
}): AmountsDue {
  const result: AmountsDue = { dueNowCents: disputedCents, dueLater: [], beingChargedCents: 0 };
  for (const invoice of invoices) {
    const when = invoiceDue(invoice, now);
    if (when === 'now') result.dueNowCents += invoice.amountCents;
    else if (when === 'charging') result.beingChargedCents += invoice.amountCents;
    else
      result.dueLater.push({
        invoiceId: invoice.id,
        number: invoice.number,
        month: invoice.month,
        amountCents: invoice.amountCents,
        dueAt: invoice.dueAt!.toISOString(),
      });
  }
  result.dueLater.sort((a, b) => a.dueAt.localeCompare(b.dueAt));
  return result;
}
