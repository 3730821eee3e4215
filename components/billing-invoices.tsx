import { MINIMUM_CHARGE_TEXT } from '@/lib/billing/month-account';
import type { BillingOverview } from '@/lib/server/billing/get-billing-overview';

import { formatCents, formatMicros } from '@/lib/money';
import { Badge } from './ui/badge';

type Invoice = BillingOverview['invoices'][number];

const tones = { paid: 'success', open: 'warning', draft: 'neutral', uncollectible: 'danger', void: 'neutral' } as const;

function statusOf(invoice: Invoice) {
  // Under Stripe's $0.50 minimum nothing is charged: the amount moves to the next invoice.
  if (invoice.status === 'void' && invoice.amountCents === 0)
    return { label: 'carried forward', tone: 'neutral' as const };
  return { label: invoice.status, tone: tones[invoice.status] };
}

/** The account's invoices, newest first, with Stripe's hosted page and PDF. */
export function BillingInvoices({ invoices }: { invoices: Invoice[] }) {
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        Invoices
      </h2>
      {invoices.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
          No invoices yet. The first comes after a month with billable calls.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-sm">
            <caption className="sr-only">Invoices</caption>
            <thead className="bg-surface text-left text-muted">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Period
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                  Invoice
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Links
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const status = statusOf(invoice);
                return (
                  <tr key={invoice.id} className="border-t border-border">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      {invoice.month}
                      {invoice.sequence > 1 ? ` (part ${invoice.sequence})` : ''}
                    </th>
                    <td className="hidden px-3 py-2 font-mono sm:table-cell">{invoice.number ?? '—'}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {invoice.amountCents > 0
                        ? formatCents(invoice.amountCents)
                        : formatMicros(invoice.carriedOutMicros)}
                      {invoice.carriedOutMicros > 0n ? (
                        <span className="block text-xs text-muted">
                          {invoice.amountCents > 0
                            ? `+ ${formatMicros(invoice.carriedOutMicros)} carried on`
                            : 'not charged, carried on'}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={status.tone}>{status.label}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      {invoice.hostedInvoiceUrl ? (
                        <span className="flex flex-wrap gap-x-3">
                          <a className="underline" href={invoice.hostedInvoiceUrl}>
                            View<span className="sr-only"> invoice {invoice.number}</span>
                          </a>
                          {invoice.invoicePdfUrl ? (
                            <a className="underline" href={invoice.invoicePdfUrl}>
                              PDF<span className="sr-only"> of invoice {invoice.number}</span>
                            </a>
                          ) : null}
                        </span>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {invoices.some((i) => i.carriedOutMicros > 0n) ? (
        <p className="text-sm text-muted">
          Stripe cannot charge less than {MINIMUM_CHARGE_TEXT} or a fraction of a cent: what is carried on is billed on
          the next invoice&apos;s &ldquo;Carried from&rdquo; line.
        </p>
      ) : null}
    </section>
  );
}
