import Link from 'next/link';

import { formatAmount } from '@/lib/money';
import { DayBars, niceMax } from '@/components/usage/day-bars';
import type { MonthByDay } from '@/lib/server/usage/get-month-by-day';

function DayTable({
  caption,
  column,
  days,
  value,
}: {
  caption: string;
  column: string;
  days: MonthByDay['days'];
  value: (d: MonthByDay['days'][number]) => string;
}) {
  return (
    <table className="w-full border-collapse text-left text-xs">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-surface text-muted">
        <tr>
          <th scope="col" className="px-2 py-1.5">
            Day (UTC)
          </th>
          <th scope="col" className="px-2 py-1.5 text-right">
            {column}
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.date} className="border-t border-border">
            <th scope="row" className="px-2 py-1 font-normal tabular-nums">
              {d.date}
            </th>
            <td className="px-2 py-1 text-right tabular-nums">{value(d)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "1 call", "2 calls". */
const callCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'call' : 'calls'}`;

/** The dashboard's small chart: this month's calls and spend per UTC day, from the ledger's daily rollup. */
export function MonthActivityChart({ data }: { data: MonthByDay }) {
  const sofar = data.days.filter((d) => d.date <= data.today);
  const calls = sofar.reduce((s, d) => s + d.calls, 0);
  const spend = sofar.reduce((s, d) => s + d.amountMicros, 0);
  const maxCalls = niceMax(Math.max(0, ...data.days.map((d) => d.calls)));
  const maxSpend = niceMax(Math.max(0, ...data.days.map((d) => d.amountMicros)));
  const busiest = sofar.reduce<MonthByDay['days'][number] | null>((b, d) => (d.calls > (b?.calls ?? 0) ? d : b), null);
  return (
    <section
      aria-labelledby="month-chart-heading"
      className="flex flex-col gap-3 rounded-lg border border-border bg-raised p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="month-chart-heading" className="text-sm font-semibold text-muted">
          {data.month} by day
        </h2>
        <Link href="/usage" className="text-sm text-primary underline-offset-4 hover:underline">
          Usage details
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <DayBars
          id="month-calls-chart"
          title="Calls per day"
          description={`${callCount(calls)} in ${data.month} so far${busiest ? `, the most on ${busiest.date} (${busiest.calls.toLocaleString('en-US')})` : ''}.`}
          series={[{ name: 'Calls', fill: 'var(--c-primary)' }]}
          mode="stack"
          days={data.days.map((d) => ({
            date: d.date,
            values: [d.calls],
            tooltip: `${d.date}: ${callCount(d.calls)}`,
          }))}
          max={maxCalls}
          maxLabel={callCount(maxCalls)}
          height={72}
          emptyText="No calls yet this month."
          table={
            <DayTable
              caption="Calls per day"
              column="Calls"
              days={sofar}
              value={(d) => d.calls.toLocaleString('en-US')}
            />
          }
        />
        <DayBars
          id="month-spend-chart"
          title="Spend per day"
          description={`${formatAmount(spend)} spent in ${data.month} so far.`}
          series={[{ name: 'Spend', fill: 'var(--c-success)' }]}
          mode="stack"
          days={data.days.map((d) => ({
            date: d.date,
            values: [d.amountMicros],
            tooltip: `${d.date}: ${formatAmount(d.amountMicros)}`,
          }))}
          max={maxSpend}
          maxLabel={formatAmount(maxSpend)}
          height={72}
          emptyText="Nothing spent yet this month."
          table={
            <DayTable caption="Spend per day" column="Spend" days={sofar} value={(d) => formatAmount(d.amountMicros)} />
          }
        />
      </div>
    </section>
  );
}
