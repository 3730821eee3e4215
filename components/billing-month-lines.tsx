import type { LedgerLine } from '@/lib/server/billing/ledger-lines';

import { formatMicros } from '@/lib/money';

/** The month's calls still to be invoiced, one row per endpoint, as the invoice will show them. */
export function BillingMonthLines({ month, lines }: { month: string; lines: LedgerLine[] }) {
  if (!lines.length) {
    return (
      <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
        No calls in {month} still to be invoiced.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Calls in {month} still to be invoiced, by endpoint</caption>
        <thead className="bg-surface text-left text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Endpoint
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Requests
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Units
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Free
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Billable
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Sentiment
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.endpoint} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                {l.endpoint}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{l.requests}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.units}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.freeUnits}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.units - l.freeUnits}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.sentimentUnits}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMicros(l.amountMicros)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
