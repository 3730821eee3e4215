'use client';

import { EndpointUsageTable } from '@/components/usage/endpoint-usage-table';
import { AutoRefresh, type RefreshState } from '@/components/auto-refresh/auto-refresh';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';

import { UsageChart } from './usage-chart';
import { UsageMonthFilters } from './usage-month-filters';
import { UsageMonthSummary } from './usage-month-summary';

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
    <AutoRefresh
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

function Month({
  data,
  months,
  endpoint,
  state,
}: {
  data: UsageMonth;
  months: string[];
  endpoint: string | null;
  state: RefreshState;
}) {
  const { month, keyId } = data;
  return (
    <div className="flex flex-col gap-6">
      <UsageMonthFilters data={data} months={months} endpoint={endpoint} />
      <UsageMonthSummary data={data} state={state} />

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
