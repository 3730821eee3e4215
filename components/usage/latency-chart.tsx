import type { LatencyDay } from '@/lib/server/usage/get-latency-by-day';

import { DayBars, niceMax } from './day-bars';

const ms = (v: number | null) => (v === null ? '–' : `${v.toLocaleString('en-US')} ms`);

/** p50 and p95 latency per day: the p95 bar pale, the p50 bar solid inside it. */
export function LatencyChart({ days, scope }: { days: LatencyDay[]; scope: string }) {
  const max = niceMax(Math.max(0, ...days.map((d) => d.p95Ms ?? 0)));
  const worst = days.reduce<LatencyDay | null>(
    (w, d) => (d.p95Ms !== null && (!w || d.p95Ms > (w.p95Ms ?? 0)) ? d : w),
    null,
  );
  return (
    <DayBars
      id="latency-chart"
      title="Latency per day (p50 and p95)"
      description={`Median and 95th-percentile response time of ${scope}, per UTC day${worst ? `; the slowest p95 was ${ms(worst.p95Ms)} on ${worst.date}` : ''}. The table below has every day.`}
      series={[
        { name: 'p95', fill: 'var(--c-primary)', opacity: 0.35 },
        { name: 'p50', fill: 'var(--c-primary)' },
      ]}
      mode="overlay"
      days={days.map((d) => ({
        date: d.date,
        values: [d.p95Ms, d.p50Ms],
        tooltip: `${d.date}: p50 ${ms(d.p50Ms)}, p95 ${ms(d.p95Ms)}`,
      }))}
      max={max}
      maxLabel={`${max.toLocaleString('en-US')} ms`}
      emptyText="No answered calls to time this month."
      table={
        <table className="w-full border-collapse text-left text-xs">
          <caption className="sr-only">Latency per day, {scope}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Day (UTC)
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                p50
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                p95
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.p50Ms !== null)
              .map((d) => (
                <tr key={d.date} className="border-t border-border">
                  <th scope="row" className="px-2 py-1 font-normal tabular-nums">
                    {d.date}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{ms(d.p50Ms)}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{ms(d.p95Ms)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      }
    />
  );
}
