import type { LatencyDay } from '@/lib/server/usage/get-latency-by-day';

import { DayBars, niceMax } from './day-bars';

export const percent = (rate: number | null) =>
  rate === null ? '–' : `${(rate * 100).toFixed(rate > 0 && rate < 0.01 ? 2 : 1)} %`;

/** The share of calls that failed per day, 5xx stacked on 4xx (refused calls among the 4xx). */
export function ErrorRateChart({ days, scope }: { days: LatencyDay[]; scope: string }) {
  const share = (n: number, d: LatencyDay) => (d.calls ? n / d.calls : null);
  const max = Math.min(1, niceMax(Math.max(0, ...days.map((d) => d.errorRate ?? 0))));
  const hasCalls = days.some((d) => d.calls > 0);
  const worst = days.reduce<LatencyDay | null>((w, d) => ((d.errorRate ?? 0) > (w?.errorRate ?? 0) ? d : w), null);
  return (
    <DayBars
      id="error-rate-chart"
      title="Error rate per day"
      description={`Share of ${scope} answered with an error, per UTC day: 4xx (refused calls included) and 5xx${worst ? `; the highest was ${percent(worst.errorRate)} on ${worst.date}` : hasCalls ? '; no call failed' : ''}. The table below has every day.`}
      series={[
        { name: '4xx (refused included)', fill: 'var(--c-warning)' },
        { name: '5xx', fill: 'var(--c-danger)' },
      ]}
      mode="stack"
      days={days.map((d) => ({
        date: d.date,
        values: [share(d.clientErrors, d), share(d.serverErrors, d)],
        tooltip: `${d.date}: ${percent(d.errorRate)} of ${d.calls.toLocaleString('en-US')} calls (${d.clientErrors} 4xx, ${d.serverErrors} 5xx)`,
      }))}
      max={max}
      maxLabel={percent(max)}
      emptyText={hasCalls ? 'No call failed this month.' : 'No calls this month.'}
      table={
        <table className="w-full border-collapse text-left text-xs">
          <caption className="sr-only">Error rate per day, {scope}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Day (UTC)
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Calls
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                4xx
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                5xx
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Error rate
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.calls > 0)
              .map((d) => (
                <tr key={d.date} className="border-t border-border">
                  <th scope="row" className="px-2 py-1 font-normal tabular-nums">
                    {d.date}
                  </th>
                  <td className="px-2 py-1 text-right tabular-nums">{d.calls.toLocaleString('en-US')}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{d.clientErrors.toLocaleString('en-US')}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{d.serverErrors.toLocaleString('en-US')}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{percent(d.errorRate)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      }
    />
  );
}
