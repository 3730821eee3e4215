'use client';

import { useState } from 'react';

import { formatMicros } from '@/lib/money';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';

type Line = UsageMonth['endpoints'][number];
type Column = { key: keyof Line; label: string; numeric: boolean };

const COLUMNS: Column[] = [
  { key: 'endpoint', label: 'Endpoint', numeric: false },
  { key: 'requests', label: 'Requests', numeric: true },
  { key: 'units', label: 'Units', numeric: true },
  { key: 'freeUnits', label: 'Free units', numeric: true },
  { key: 'billableUnits', label: 'Billable', numeric: true },
  { key: 'sentimentUnits', label: 'Sentiment', numeric: true },
  { key: 'amountMicros', label: 'Amount', numeric: true },
];

/** Free units used of the month's allowance, as a bar and as text. */
function FreeTierBar({ used, of }: { used: number; of: number }) {
  const percent = Math.min(100, Math.round((used / of) * 100));
  return (
    <div className="flex items-center justify-end gap-2">
      <span className="tabular-nums">
        {used} / {of}
      </span>
      <span
        aria-hidden="true"
        className="inline-block h-2 w-16 overflow-hidden rounded-full bg-surface ring-1 ring-border"
      >
        <span className={`block h-full ${used >= of ? 'bg-warning' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/** One row per endpoint the account called this month, sortable by any column, with totals. */
export function UsageEndpointTable({ month }: { month: UsageMonth }) {
  const [sort, setSort] = useState<{ key: keyof Line; descending: boolean }>({ key: 'amountMicros', descending: true });
  const lines = [...month.endpoints].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sort.descending ? -order : order;
  });
  if (!lines.length) {
    return (
      <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
        No calls in {month.month}
        {month.keyId ? ' with this key' : ''}.
      </p>
    );
  }
  const s = month.summary;
  return (
    <div
      className="overflow-x-auto rounded-lg border border-border"
      role="region"
      aria-label="Usage by endpoint"
      tabIndex={0}
    >
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">Usage by endpoint in {month.month}; column headers sort the rows</caption>
        <thead className="bg-surface text-muted">
          <tr>
            {COLUMNS.map((c) => {
              const active = sort.key === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}
                  className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : 'text-left'}`}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded hover:text-fg"
                    onClick={() => setSort({ key: c.key, descending: active ? !sort.descending : c.numeric })}
                  >
                    {c.label}
                    <span aria-hidden="true" className="w-3 text-xs">
                      {active ? (sort.descending ? '▼' : '▲') : ''}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.endpoint} className="border-t border-border">
              <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal sm:text-sm">
                {l.endpoint}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{l.requests.toLocaleString('en-US')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.units.toLocaleString('en-US')}</td>
              <td className="px-3 py-2 text-right">
                <FreeTierBar used={l.freeUnits} of={month.freeUnitsPerMonth} />
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{l.billableUnits.toLocaleString('en-US')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.sentimentUnits.toLocaleString('en-US')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMicros(l.amountMicros)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{s.requests.toLocaleString('en-US')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.units.toLocaleString('en-US')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.freeUnits.toLocaleString('en-US')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.billableUnits.toLocaleString('en-US')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.sentimentUnits.toLocaleString('en-US')}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMicros(s.amountMicros)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
