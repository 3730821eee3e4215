// /usage's figures of a month: calls, units, billed units, amount and the month-end estimate,
// with whether the current month is being read again.
import type { RefreshState } from '@/components/auto-refresh/auto-refresh';
import { formatAmount } from '@/lib/money';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-border bg-raised p-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

export function UsageMonthSummary({ data, state: { isFetching, error } }: { data: UsageMonth; state: RefreshState }) {
  const { month } = data;
  const s = data.summary;
  return (
    <section aria-labelledby="summary-heading" className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <h2 id="summary-heading" className="text-lg font-semibold">
          {month}
          {data.isCurrent ? ', so far' : ''}
        </h2>
        <p aria-live="polite" className="min-h-5 text-xs text-muted">
          {error
            ? `Could not refresh: ${error.message}`
            : data.isCurrent
              ? isFetching
                ? 'Refreshing…'
                : 'Updates every 15 seconds'
              : ''}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {/* What each number counts: served calls (refused ones apart), all units
            and how many of them were free and billed. */}
        <Stat
          label="Calls served"
          value={s.requests.toLocaleString('en-US')}
          note={
            s.refused ? `and ${s.refused.toLocaleString('en-US')} refused before the platform, not billed` : undefined
          }
        />
        <Stat
          label="Units"
          value={s.units.toLocaleString('en-US')}
          note={`${s.freeUnits.toLocaleString('en-US')} free, ${s.billableUnits.toLocaleString('en-US')} billed`}
        />
        <Stat label="Billed units" value={s.billableUnits.toLocaleString('en-US')} note="past the free tier" />
        <Stat label="Amount" value={formatAmount(s.amountMicros)} />
        {data.estimate ? (
          <Stat
            label="Whole month (estimate)"
            value={data.estimate.kind === 'estimate' ? `about ${formatAmount(data.estimate.estimateMicros)}` : 'none'}
            note={
              data.estimate.kind === 'blocked'
                ? 'the account is blocked: its calls are refused'
                : data.estimate.capped
                  ? 'at this pace, stopped by your monthly cap'
                  : "all the month's calls, at this pace"
            }
          />
        ) : null}
      </dl>
    </section>
  );
}
