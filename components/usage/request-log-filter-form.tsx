'use client';

// The request log's filter form: the request id, endpoint, key, status, error code and time
// range. A search replaces the page's address, which the log reads its filters from.
import { usePathname, useRouter } from 'next/navigation';
import type { FormEvent } from 'react';

import { buttonClasses } from '@/components/ui/button';
import type { UsageRequestPage } from '@/lib/server/usage/list-usage-requests';
import { keyFilterLabel } from '@/lib/usage-key-label';

import { filterParams, utcInput, type RequestLogFilters } from './request-log-filters';

/** `onSearch` runs once the new filters are in the address (the log moves the focus to its heading). */
export function RequestLogFilterForm({
  filters,
  keys,
  endpoints,
  codes,
  onSearch,
}: {
  filters: RequestLogFilters;
  keys: UsageRequestPage['keys'];
  endpoints: string[];
  codes: { code: string; status: number }[];
  onSearch: () => void;
}) {
  const router = useRouter();
  const pathname = usePathname();

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
    onSearch();
  }

  const field = 'min-h-9 w-full rounded-md border border-border bg-raised px-2 text-sm';
  return (
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
  );
}
