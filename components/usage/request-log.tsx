'use client';

import { useRef } from 'react';

import { buttonClasses } from '@/components/ui/button';
import { RefreshablePages, type PagesState } from '@/components/auto-refresh/auto-refresh';
import type { UsageRequestPage } from '@/lib/server/usage/list-usage-requests';

import { RefusalTallies } from './refusal-tallies';
import { FILTER_NAMES, filterParams, type RequestLogFilters } from './request-log-filters';
import { RequestLogFilterForm } from './request-log-filter-form';
import { RequestLogTable } from './request-log-table';

async function fetchPage(filters: RequestLogFilters, cursor: string | null): Promise<UsageRequestPage> {
  const params = filterParams(filters);
  if (cursor) params.set('cursor', cursor);
  const response = await fetch(`/api/usage/requests?${params}`, { headers: { accept: 'application/json' } });
  if (!response.ok)
    throw new Error(
      ((await response.json().catch(() => null)) as { error?: string } | null)?.error ?? `HTTP ${response.status}`,
    );
  return (await response.json()) as UsageRequestPage;
}

/**
 * The account's calls, newest first, filtered, a page at a time: "Load older calls" asks for
 * the page after the last row by (time, request id), so calls arriving meanwhile never shift or
 * repeat rows; "Check for new calls" reads from the top again, the refused calls under the log
 * (counted per minute, carried by the first page) with it.
 */
export function RequestLog({
  initial,
  filters,
  endpoints,
  codes,
  refusalLimit,
}: {
  initial: UsageRequestPage;
  filters: RequestLogFilters;
  endpoints: string[];
  /** The API's error codes with their statuses, for the code filter. */
  codes: { code: string; status: number }[];
  /** How many refusal tallies a page carries at most. */
  refusalLimit: number;
}) {
  return (
    <RefreshablePages
      spec={{
        queryKey: ['usage', 'requests', filters],
        fetchPage: (cursor) => fetchPage(filters, cursor),
        nextCursor: (page) => page.nextCursor,
        initial,
      }}
      render={(query) => (
        <>
          <Log query={query} keys={initial.keys} filters={filters} endpoints={endpoints} codes={codes} />
          <RefusalTallies tallies={query.pages[0]?.refusals ?? []} limit={refusalLimit} />
        </>
      )}
    />
  );
}

function Log({
  query,
  keys,
  filters,
  endpoints,
  codes,
}: {
  query: PagesState<UsageRequestPage>;
  keys: UsageRequestPage['keys'];
  filters: RequestLogFilters;
  endpoints: string[];
  codes: { code: string; status: number }[];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = query.pages.flatMap((p) => p.requests);

  return (
    <div className="flex flex-col gap-4">
      <RequestLogFilterForm
        filters={filters}
        keys={keys}
        endpoints={endpoints}
        codes={codes}
        onSearch={() => heading.current?.focus()}
      />

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold">
          Calls, newest first
        </h2>
        <button
          type="button"
          className={buttonClasses('secondary', 'sm')}
          onClick={query.refetch}
          disabled={query.isFetching}
        >
          Check for new calls
        </button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-muted">
        {query.error
          ? `Could not load: ${query.error.message}`
          : query.isFetching
            ? 'Loading…'
            : `${rows.length.toLocaleString('en-US')} call${rows.length === 1 ? '' : 's'} shown${query.hasNextPage ? '; older ones below' : ''}.`}
      </p>

      {rows.length ? (
        <RequestLogTable rows={rows} />
      ) : (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
          {filters.status === 'refused'
            ? 'Refused calls have no row of their own: they are counted below, per minute.'
            : FILTER_NAMES.some((n) => filters[n])
              ? 'No calls match these filters.'
              : 'No calls yet. Make one from the explorer or with curl, and it appears here.'}
        </p>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className={`${buttonClasses('secondary', 'sm')} self-start`}
          onClick={query.fetchNextPage}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load older calls'}
        </button>
      ) : null}
    </div>
  );
}
