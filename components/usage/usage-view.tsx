'use client';

import Link from 'next/link';

import { formatAmount } from '@/lib/money';
import { EndpointUsageTable } from '@/components/usage/endpoint-usage-table';
import { buttonClasses } from '@/components/ui/button';
import { Live, type LiveState } from '@/components/live/live';
import { keyFilterLabel, usageKeyLabel } from '@/lib/usage-key-label';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';

import { UsageChart } from './usage-chart';

/** How often the current month is read again while the page is open. */
const REFRESH_MS = 15_000;

function usageQueryKey(month: string, keyId: string | null) {
  return ['usage', 'month', month, keyId ?? ''] as const;
}

async function fetchUsage(month: string, keyId: string | null): Promise<UsageMonth> {
  const params = new URLSearchParams({ month, ...(keyId ? { key: keyId } : {}) });
  const response = await fetch(`/api/usage?${params}`, { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(
      ((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? `HTTP ${response.status}`,
    );
  return (await response.json()) as UsageMonth;
}

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-lg border border-border bg-raised p-3">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

/**
 * A month of usage: summary, chart and per-endpoint table. The server renders it with the data;
 * for the current month it is read again every 15 s, swapping numbers in place. `endpoint`: the
 * endpoint the page's latency section is filtered to, kept by the month and key filters and
 * applied to the CSV, as the key is.
 */
export function UsageView({
  initial,
  months,
  endpoint = null,
}: {
  initial: UsageMonth;
  months: string[];
  endpoint?: string | null;
}) {
  const { month, keyId } = initial;
  return (
    <Live
      spec={{
        queryKey: usageQueryKey(month, keyId),
        fetch: () => fetchUsage(month, keyId),
        initial,
        refreshMs: initial.isCurrent ? REFRESH_MS : false,
      }}
      render={(data, state) => <Month data={data} months={months} endpoint={endpoint} state={state} />}
    />
  );
}

/** /usage's address (or the CSV's) for a month under the key and endpoint filters. */
function usageHref(base: string, month: string, keyId: string | null, endpoint: string | null): string {
  const params = new URLSearchParams({ month });
  if (keyId) params.set('key', keyId);
  if (endpoint) params.set('endpoint', endpoint);
  return `${base}?${params}`;
}

function Month({
  data,
  months,
  endpoint,
  state: { isFetching, error },
}: {
  data: UsageMonth;
  months: string[];
  endpoint: string | null;
  state: LiveState;
}) {
  const { month, keyId } = data;
  const s = data.summary;
  const index = months.indexOf(month);
  const older = months[index + 1];
  const newer = index > 0 ? months[index - 1] : undefined;
  const withKey = (m: string) => usageHref('/usage', m, keyId, endpoint);
  const keyLabel = keyId ? usageKeyLabel(data.keys.find((k) => k.id === keyId)) : null;
  const csvScope = [keyLabel ? `key ${keyLabel}` : null, endpoint].filter(Boolean).join(', ');

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Month" className="flex items-center gap-2">
          {older ? (
            <Link
              className={buttonClasses('secondary', 'sm')}
              href={withKey(older)}
              aria-label={`Previous month, ${older}`}
            >
              ←
            </Link>
          ) : (
            <span className={`${buttonClasses('secondary', 'sm')} opacity-40`} aria-hidden="true">
              ←
            </span>
          )}
          <form method="get" action="/usage" className="flex items-center gap-2">
            <label htmlFor="usage-month" className="sr-only">
              Month
            </label>
            <select
              id="usage-month"
              name="month"
              defaultValue={month}
              className="min-h-9 rounded-md border border-border bg-raised px-2 text-sm"
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              {months.map((m) => (
                <option key={m} value={m}>
                  {m}
                  {m === months[0] ? ' (this month)' : ''}
                </option>
              ))}
            </select>
            {keyId ? <input type="hidden" name="key" value={keyId} /> : null}
            {endpoint ? <input type="hidden" name="endpoint" value={endpoint} /> : null}
            <noscript>
              <button type="submit" className={buttonClasses('secondary', 'sm')}>
                Show
              </button>
            </noscript>
          </form>
          {newer ? (
            <Link
              className={buttonClasses('secondary', 'sm')}
              href={withKey(newer)}
              aria-label={`Next month, ${newer}`}
            >
              →
            </Link>
          ) : (
            <span className={`${buttonClasses('secondary', 'sm')} opacity-40`} aria-hidden="true">
              →
            </span>
          )}
        </nav>
        <form method="get" action="/usage" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="month" value={month} />
          {endpoint ? <input type="hidden" name="endpoint" value={endpoint} /> : null}
          <label htmlFor="usage-key" className="text-sm text-muted">
            Key
          </label>
          <select
            id="usage-key"
            name="key"
            defaultValue={keyId ?? ''}
            className="min-h-9 max-w-[16rem] rounded-md border border-border bg-raised px-2 text-sm"
            onChange={(e) => e.currentTarget.form?.requestSubmit()}
          >
            <option value="">All keys</option>
            {data.keys.map((k) => (
              <option key={k.id} value={k.id}>
                {keyFilterLabel(k)}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Filter
            </button>
          </noscript>
          <a
            className={buttonClasses('secondary', 'sm')}
            href={usageHref('/usage/export', month, keyId, endpoint)}
            download
            aria-describedby={csvScope ? 'usage-csv-scope' : undefined}
          >
            Download CSV
          </a>
          {csvScope ? (
            <span id="usage-csv-scope" className="text-xs text-muted">
              CSV of {month}: {csvScope} only
            </span>
          ) : null}
        </form>
      </div>

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

      <section aria-labelledby="chart-heading" className="flex flex-col gap-2">
        <h2 id="chart-heading" className="text-lg font-semibold">
          By day
        </h2>
        <UsageChart chart={data.chart} />
      </section>

      <section aria-labelledby="endpoints-heading" className="flex flex-col gap-2">
        <h2 id="endpoints-heading" className="text-lg font-semibold">
          By endpoint
        </h2>
        <EndpointUsageTable
          rows={data.endpoints}
          label="Usage by endpoint"
          empty={`No calls in ${month}${keyId ? ' with this key' : ''}.`}
          freeUnitsPerMonth={data.freeUnitsPerMonth}
        />
      </section>
    </div>
  );
}
