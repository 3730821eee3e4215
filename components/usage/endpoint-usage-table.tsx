'use client';

import { useState } from 'react';

import { formatAmount } from '@/lib/money';

import { FreeTierBar } from './free-tier-bar';

/** One endpoint's calls, as /usage and /billing both show them (amounts in micro-dollars). */
export type EndpointUsageRow = {
  endpoint: string;
  requests: number;
  units: number;
  freeUnits: number;
  sentimentUnits: number;
  amountMicros: number;
};

type Column = { key: keyof EndpointUsageRow | 'billedUnits'; label: string; title?: string; numeric: boolean };

// What each number counts, in its header: the units billed are those past the
// free units, and the sentiment column counts billed units that carried the surcharge.
const COLUMNS: Column[] = [
  { key: 'endpoint', label: 'Endpoint', numeric: false },
  { key: 'requests', label: 'Calls served', numeric: true },
  { key: 'units', label: 'Units', numeric: true },
  { key: 'freeUnits', label: 'Free units', numeric: true },
  { key: 'billedUnits', label: 'Billed units', numeric: true },
  {
    key: 'sentimentUnits',
    label: 'Billed with sentiment',
    title: 'Billed units that carried the sentiment surcharge',
    numeric: true,
  },
  { key: 'amountMicros', label: 'Amount', numeric: true },
];

const value = (row: EndpointUsageRow, key: Column['key']) =>
  key === 'billedUnits' ? row.units - row.freeUnits : row[key];

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Calls by endpoint with a total row, the largest amount first (then units, then the path), and
 * every column sortable: /usage's month and /billing's calls still to be invoiced. With
 * `freeUnitsPerMonth`, the free units show as a bar of the month's allowance.
 */
export function EndpointUsageTable({
  rows,
  label,
  empty,
  freeUnitsPerMonth,
}: {
  rows: EndpointUsageRow[];
  /** The table's name for assistive technology, e.g. "Usage by endpoint". */
  label: string;
  /** What to say when there is no row. */
  empty: string;
  freeUnitsPerMonth?: number;
}) {
  const [sort, setSort] = useState<{ key: Column['key']; descending: boolean } | null>(null);
  if (!rows.length) {
    return <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">{empty}</p>;
  }
  const lines = [...rows].sort((a, b) => {
    if (!sort) return b.amountMicros - a.amountMicros || b.units - a.units || a.endpoint.localeCompare(b.endpoint);
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sort.descending ? -order : order;
  });
  const active = sort ?? { key: 'amountMicros', descending: true };
  const total = (key: Column['key']) => rows.reduce((sum, r) => sum + Number(value(r, key)), 0);
  const cell = 'px-3 py-2 text-right tabular-nums';
  return (
    <div className="overflow-x-auto rounded-lg border border-border" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">{label}; column headers sort the rows</caption>
        <thead className="bg-surface text-muted">
          <tr>
            {COLUMNS.map((c) => {
              const on = active.key === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  title={c.title}
                  aria-sort={on ? (active.descending ? 'descending' : 'ascending') : 'none'}
                  className={`px-3 py-2 font-semibold ${c.numeric ? 'text-right' : 'text-left'}`}
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded hover:text-fg"
                    onClick={() => setSort({ key: c.key, descending: on ? !active.descending : c.numeric })}
                  >
                    {c.label}
                    <span aria-hidden="true" className="w-3 text-xs">
                      {on ? (active.descending ? '▼' : '▲') : ''}
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
              <td className={cell}>{count(l.requests)}</td>
              <td className={cell}>{count(l.units)}</td>
              <td className={cell}>
                {freeUnitsPerMonth ? <FreeTierBar used={l.freeUnits} of={freeUnitsPerMonth} /> : count(l.freeUnits)}
              </td>
              <td className={cell}>{count(l.units - l.freeUnits)}</td>
              <td className={cell}>{count(l.sentimentUnits)}</td>
              <td className={cell}>{formatAmount(l.amountMicros)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-border font-semibold">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            {COLUMNS.slice(1).map((c) => (
              <td key={c.key} className={cell}>
                {c.key === 'amountMicros' ? formatAmount(total(c.key)) : count(total(c.key))}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
