import { MINIMUM_CHARGE_TEXT } from '@/lib/server/billing/month-account';
import type { BillingOverview } from '@/lib/server/billing/get-billing-overview';

import type { AmountsDue } from '@/lib/server/billing/amounts-due';
import { formatCarried, formatCents } from '@/lib/money';
import { Badge } from '@/components/ui/badge';

type Invoice = BillingOverview['invoices'][number];

const tones = { paid: 'success', open: 'warning', draft: 'neutral', uncollectible: 'danger', void: 'neutral' } as const;

function statusOf(invoice: Invoice) {
  // Under Stripe's $0.50 minimum nothing is charged: the amount moves to the next invoice.
  if (invoice.status === 'void' && invoice.amountCents === 0)
    return { label: 'carried forward', tone: 'neutral' as const };
  return { label: invoice.status, tone: tones[invoice.status] };
}

const day = (iso: string) => iso.slice(0, 10);

/** What is due now and what is open but due later, apart; nothing when nothing is open. */
function AmountsDueList({ due }: { due: AmountsDue }) {
  if (!due.dueNowCents && !due.dueLater.length && !due.beingChargedCents) return null;
  return (
    <dl className="flex flex-col divide-y divide-border rounded-lg border border-border text-sm">
      {due.dueNowCents ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2 font-semibold">
          <dt>Due now</dt>
          <dd className="ml-auto tabular-nums">{formatCents(due.dueNowCents)}</dd>
        </div>
      ) : null}
      {due.dueLater.map((d) => (
        <div key={d.invoiceId} className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2">
          <dt className="text-muted">
            Open, due {day(d.dueAt)} (invoice {d.number ? `${d.number} ` : ''}for {d.month})
          </dt>
          <dd className="ml-auto tabular-nums">{formatCents(d.amountCents)}</dd>
        </div>
      ))}
      {due.beingChargedCents ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 px-3 py-2">
          <dt className="text-muted">Being charged to your card</dt>
          <dd className="ml-auto tabular-nums">{formatCents(due.beingChargedCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The account's invoices, newest first, with Stripe's hosted page and PDF, and what is due. */
export function BillingInvoices({ invoices, due }: { invoices: Invoice[]; due: AmountsDue }) {
  return (
    <section aria-labelledby="invoices-heading" className="flex flex-col gap-3">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        Invoices
      </h2>
      <AmountsDueList due={due} />
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
                    <td className="px-3 py-2 text-right tabular-nums" data-money="price">
                      {invoice.amountCents > 0
                        ? formatCents(invoice.amountCents)
                        : formatCarried(invoice.carriedOutMicros)}
                      {invoice.carriedOutMicros > 0n ? (
                        <span className="block text-xs text-muted">
                          {invoice.amountCents > 0
                            ? `+ ${formatCarried(invoice.carriedOutMicros)} carried on`
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
                          <a className="underline" href={`/billing/invoices/${invoice.id}`}>
                            View<span className="sr-only"> invoice {invoice.number}</span>
                          </a>
                          {invoice.invoicePdfUrl ? (
                            <a className="underline" href={`/billing/invoices/${invoice.id}/pdf`}>
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
