import { buttonClasses } from '@/components/ui/button';
import type { LatencyByDay } from '@/lib/server/usage/get-latency-by-day';

import { ErrorRateChart, percent } from './error-rate-chart';
import { LatencyChart } from './latency-chart';

export type LatencySectionProps = {
  month: string;
  keyId: string | null;
  /** The endpoints the month's usage lists, for the filter. */
  endpoints: string[];
  /** The figures, or why the filter was refused. */
  latency: LatencyByDay | { error: string };
};

/**
 * /usage's latency and error charts for the month, all endpoints or one, with the key filter of
 * the page above. A plain GET form: it works without JavaScript and ships none.
 */
export function LatencySection({ month, keyId, endpoints, latency }: LatencySectionProps) {
  const selected = 'error' in latency ? null : latency.endpoint;
  const options = selected && !endpoints.includes(selected) ? [...endpoints, selected] : endpoints;
  const scope = `${selected ? `calls to ${selected}` : 'all calls'}${keyId ? ' with this key' : ''}`;
  return (
    <section aria-labelledby="latency-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="latency-heading" className="text-lg font-semibold">
          Latency and errors
        </h2>
        <form method="get" action="/usage" className="flex min-w-0 flex-wrap items-center gap-2">
          <input type="hidden" name="month" value={month} />
          {keyId ? <input type="hidden" name="key" value={keyId} /> : null}
          <label htmlFor="latency-endpoint" className="text-sm text-muted">
            Endpoint
          </label>
          <select
            id="latency-endpoint"
            name="endpoint"
            defaultValue={selected ?? ''}
            className="min-h-9 max-w-full min-w-0 rounded-md border border-border bg-raised px-2 font-mono text-xs sm:max-w-[22rem]"
          >
            <option value="">All endpoints</option>
            {options.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClasses('secondary', 'sm')}>
            Show
          </button>
        </form>
      </div>
      {'error' in latency ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {latency.error}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {latency.calls
              ? `${latency.calls.toLocaleString('en-US')} call${latency.calls === 1 ? '' : 's'} in ${month}, ${percent(latency.errorRate)} of them errors. Latency is the time the API took to answer; refused calls were not timed.`
              : `${month} has no calls to chart${selected ? ` for ${selected}` : ''}${keyId ? ' with this key' : ''}.`}
            {latency.loggedFrom
              ? ` The request log is kept for a limited time: these figures start on ${latency.loggedFrom}.`
              : ''}
          </p>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <LatencyChart days={latency.days} scope={scope} />
            <ErrorRateChart days={latency.days} scope={scope} />
          </div>
        </>
      )}
    </section>
  );
}
