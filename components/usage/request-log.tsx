'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useRef, type FormEvent } from 'react';

import { formatPrice } from '@/lib/money';
import { Badge } from '@/components/ui/badge';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { buttonClasses } from '@/components/ui/button';
import { LivePagesView, type LivePages } from '@/components/live/live';
import { keyFilterLabel } from '@/lib/usage-key-label';
import type { UsageRequestPage } from '@/lib/server/usage/list-usage-requests';

import { RefusalTallies } from './refusal-tallies';
import { statusTone, utcSeconds } from './request-time';

/** The log's filters as the URL carries them (all strings; blank means no filter). */
export type RequestLogFilters = {
  endpoint: string;
  key: string;
  status: string;
  code: string;
  from: string;
  to: string;
  requestId: string;
};

const FILTER_NAMES = ['endpoint', 'key', 'status', 'code', 'from', 'to', 'requestId'] as const;

function filterParams(filters: RequestLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]);
  return params;
}

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

/** "2026-11-24T09:30" (a datetime-local value, read as UTC) → ISO; other text is sent as is. */
function utcInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00Z` : value;
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
    <LivePagesView
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
  query: LivePages<UsageRequestPage>;
  keys: UsageRequestPage['keys'];
  filters: RequestLogFilters;
  endpoints: string[];
  codes: { code: string; status: number }[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = query.pages.flatMap((p) => p.requests);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: RequestLogFilters = {
      endpoint: String(form.get('endpoint') ?? ''),
      key: String(form.get('key') ?? ''),
      status: String(form.get('status') ?? ''),
      code: String(form.get('code') ?? ''),
      from: utcInput(String(form.get('from') ?? '')),
      to: utcInput(String(form.get('to') ?? '')),
      requestId: String(form.get('requestId') ?? '').trim(),
    };
    const params = filterParams(next).toString();
    router.replace(params ? `${pathname}?${params}` : pathname, { scroll: false });
    heading.current?.focus();
  }

  const field = 'min-h-9 w-full rounded-md border border-border bg-raised px-2 text-sm';
  return (
    <div className="flex flex-col gap-4">
      <form
        onSubmit={onSubmit}
        method="get"
        className="grid grid-cols-1 gap-3 rounded-lg border border-border bg-surface p-3 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Filter the request log"
      >
        <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-3">
          <label htmlFor="log-request-id" className="text-xs font-medium text-muted">
            Request id (exact)
          </label>
          <input
            id="log-request-id"
            name="requestId"
            defaultValue={filters.requestId}
            placeholder="req_…"
            className={`${field} font-mono`}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-endpoint" className="text-xs font-medium text-muted">
            Endpoint
          </label>
          <select id="log-endpoint" name="endpoint" defaultValue={filters.endpoint} className={field}>
            <option value="">All endpoints</option>
            {endpoints.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-key" className="text-xs font-medium text-muted">
            Key
          </label>
          <select id="log-key" name="key" defaultValue={filters.key} className={field}>
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {keyFilterLabel(k)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-status" className="text-xs font-medium text-muted">
            Status
          </label>
          <select id="log-status" name="status" defaultValue={filters.status} className={field}>
            <option value="">Any status</option>
            <option value="2xx">2xx success</option>
            <option value="4xx">4xx client error</option>
            <option value="5xx">5xx server error</option>
            <option value="refused">Refused, not billed</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-code" className="text-xs font-medium text-muted">
            Error code
          </label>
          <select id="log-code" name="code" defaultValue={filters.code} className={field}>
            <option value="">Any code</option>
            {codes.map((c) => (
              <option key={c.code} value={c.code}>
                {c.status} {c.code}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-from" className="text-xs font-medium text-muted">
            From (UTC)
          </label>
          <input
            id="log-from"
            name="from"
            type="datetime-local"
            defaultValue={filters.from.slice(0, 16)}
            className={field}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="log-to" className="text-xs font-medium text-muted">
            To (UTC)
          </label>
          <input id="log-to" name="to" type="datetime-local" defaultValue={filters.to.slice(0, 16)} className={field} />
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClasses('primary', 'sm')}>
            Search
          </button>
          <a href={pathname} className={buttonClasses('ghost', 'sm')}>
            Clear
          </a>
        </div>
      </form>

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
        <ScrollRegion label="Request log">
          <table className="w-full min-w-[64rem] border-collapse text-left text-sm">
            <caption className="sr-only">The account&apos;s calls, newest first</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Time (UTC)
                </th>
                <th scope="col" className="px-3 py-2">
                  Request id
                </th>
                <th scope="col" className="px-3 py-2">
                  Key
                </th>
                <th scope="col" className="px-3 py-2">
                  Endpoint
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Units
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Free
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Amount
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Latency
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.requestId} className="border-t border-border">
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    <time dateTime={r.createdAt}>{utcSeconds(r.createdAt)}</time>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">
                    <Link
                      href={`/usage/requests/${encodeURIComponent(r.requestId)}`}
                      className="underline"
                      aria-label={`Details of ${r.requestId}`}
                    >
                      {r.requestId}
                    </Link>
                  </td>
                  <td className="px-3 py-2 text-xs">{r.key}</td>
                  <td className="px-3 py-2 font-mono text-xs">{r.endpoint}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                    {r.code ? <span className="ml-1.5 font-mono text-xs">{r.code}</span> : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {r.units}
                    {r.sentiment ? (
                      <span className="text-muted" title="with sentiment">
                        {' '}
                        +s
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.freeUnits}</td>
                  <td data-money="price" className="px-3 py-2 text-right tabular-nums">
                    {formatPrice(r.amountMicros)}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.latencyMs} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
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
