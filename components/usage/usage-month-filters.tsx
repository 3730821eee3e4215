// /usage's bar above a month: the month (previous, pick, next), the key filter and the CSV
// download, each keeping the other filters and the endpoint the latency section is filtered to.
import Link from 'next/link';

import { buttonClasses } from '@/components/ui/button';
import type { UsageMonth } from '@/lib/server/usage/get-usage-month';
import { keyFilterLabel, usageKeyLabel } from '@/lib/usage-key-label';

/** /usage's address (or the CSV's) for a month under the key and endpoint filters. */
function usageHref(base: string, month: string, keyId: string | null, endpoint: string | null): string {
  const params = new URLSearchParams({ month });
  if (keyId) params.set('key', keyId);
  if (endpoint) params.set('endpoint', endpoint);
  return `${base}?${params}`;
}

export function UsageMonthFilters({
  data,
  months,
  endpoint,
}: {
  data: UsageMonth;
  months: string[];
  endpoint: string | null;
}) {
  const { month, keyId } = data;
  const index = months.indexOf(month);
  const older = months[index + 1];
  const newer = index > 0 ? months[index - 1] : undefined;
  const withKey = (m: string) => usageHref('/usage', m, keyId, endpoint);
  const keyLabel = keyId ? usageKeyLabel(data.keys.find((k) => k.id === keyId)) : null;
  const csvScope = [keyLabel ? `key ${keyLabel}` : null, endpoint].filter(Boolean).join(', ');
  return (
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
          <Link className={buttonClasses('secondary', 'sm')} href={withKey(newer)} aria-label={`Next month, ${newer}`}>
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
  );
}
