'use client';

import { useId, useState } from 'react';

import { formatAmount } from '@/lib/money';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';

/** Series colours, readable on the light and the dark background; "other" is always grey. */
const COLOURS = ['#3b82f6', '#f59e0b', '#10b981', '#ef4444', '#8b5cf6', '#0ea5e9'];
const OTHER_COLOUR = '#64748b';

type Measure = 'units' | 'amountMicros';

const HEIGHT = 180;

function seriesColour(series: string[], name: string): string {
  return name === 'other' ? OTHER_COLOUR : (COLOURS[series.indexOf(name) % COLOURS.length] ?? OTHER_COLOUR);
}

/**
 * The month's days as stacked bars by endpoint, for units or for spend. The same numbers are in
 * a table under it (for keyboards and screen readers), and each bar names its day and total.
 */
export function UsageChart({ chart }: { chart: UsageMonth['chart'] }) {
  const [measure, setMeasure] = useState<Measure>('units');
  const id = useId();
  const format = (v: number) => (measure === 'units' ? v.toLocaleString('en-US') : formatAmount(v));
  const totals = chart.days.map((d) => chart.series.reduce((sum, s) => sum + (d[measure][s] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const barWidth = 100 / Math.max(1, chart.days.length);
  const label = measure === 'units' ? 'Units per day' : 'Spend per day';

  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="sr-only">Chart shows</legend>
        {(['units', 'amountMicros'] as const).map((m) => (
          <label key={m} className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-measure`}
              value={m}
              checked={measure === m}
              onChange={() => setMeasure(m)}
            />
            {m === 'units' ? 'Units' : 'Spend'}
          </label>
        ))}
      </fieldset>
      <div className="rounded-lg border border-border bg-raised p-3">
        <svg
          role="img"
          aria-label={`${label}, by endpoint; the table below has the numbers`}
          viewBox={`0 0 100 ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-[180px] w-full"
        >
          {chart.days.map((day, i) => {
            let y = HEIGHT;
            return (
              <g key={day.date}>
                <title>{`${day.date}: ${format(totals[i] ?? 0)}`}</title>
                {chart.series.map((s) => {
                  const value = day[measure][s] ?? 0;
                  if (!value) return null;
                  const h = (value / max) * (HEIGHT - 4);
                  y -= h;
                  return (
                    <rect
                      key={s}
                      x={i * barWidth + barWidth * 0.15}
                      width={barWidth * 0.7}
                      y={y}
                      height={h}
                      fill={seriesColour(chart.series, s)}
                    />
                  );
                })}
              </g>
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{chart.days[0]?.date.slice(5)}</span>
          <span>max {format(max)} a day</span>
          <span>{chart.days.at(-1)?.date.slice(5)}</span>
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Legend">
          {chart.series.map((s) => (
            <li key={s} className="inline-flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-sm"
                style={{ background: seriesColour(chart.series, s) }}
              />
              <span className="font-mono">{s}</span>
            </li>
          ))}
        </ul>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">{label} as a table</summary>
        <div
          className="mt-2 overflow-x-auto rounded-lg border border-border"
          role="region"
          aria-label={`${label} table`}
          tabIndex={0}
        >
          <table className="w-full border-collapse text-left text-xs">
            <caption className="sr-only">{label} by endpoint</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="px-2 py-1.5">
                  Day (UTC)
                </th>
                {chart.series.map((s) => (
                  <th key={s} scope="col" className="px-2 py-1.5 text-right font-mono font-normal">
                    {s}
                  </th>
                ))}
                <th scope="col" className="px-2 py-1.5 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {chart.days.map((day, i) => (
                <tr key={day.date} className="border-t border-border">
                  <th scope="row" className="px-2 py-1 font-normal tabular-nums">
                    {day.date}
                  </th>
                  {chart.series.map((s) => (
                    <td key={s} className="px-2 py-1 text-right tabular-nums">
                      {format(day[measure][s] ?? 0)}
                    </td>
                  ))}
                  <td className="px-2 py-1 text-right font-semibold tabular-nums">{format(totals[i] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
