// /status's card of one family: where its data comes from, its last hour of live calls (and the
// news feeds' state), and each endpoint's own source.
import { DataSourceBadge } from '@/components/status/data-source-badge';
import { DateTime } from '@/components/ui/date-time';
import type { EndpointSourceSummary } from '@/lib/api/providers/source-summary';
import type { FamilyStatus } from '@/lib/server/status/get-source-status';

const sourceText = {
  live: 'Calls the platform\u2019s public API on each request (pages are reused for up to a minute).',
  upstream: 'Served by the operator\u2019s own upstream service.',
  sandbox: 'Invented, realistic sample records that never change.',
} as const;

// Live news reads what the worker stored from its feeds, not a platform per call.
const newsSourceText = 'Reads the articles the worker stores from its feeds every 10 minutes; no call waits on a feed.';

const endpointSourceText: Record<EndpointSourceSummary['source'], string> = {
  live: 'Live',
  upstream: 'Upstream',
  sandbox: 'Sandbox',
  live_missing_credentials: 'Live, missing credentials',
};

/** Each path of the family and where its answers come from. */
function EndpointSources({ family }: { family: FamilyStatus }) {
  return (
    <ul className="flex list-none flex-col gap-1 text-sm" aria-label={`${family.title} endpoints and their sources`}>
      {family.endpoints.map((endpoint) => (
        <li key={endpoint.path} data-endpoint={endpoint.path} data-source={endpoint.source}>
          <span className="flex flex-wrap items-baseline justify-between gap-x-2">
            <code className="break-all font-mono">{endpoint.path}</code>
            <span className={endpoint.source === 'live' ? 'font-semibold' : 'text-muted'}>
              {endpointSourceText[endpoint.source]}
              {endpoint.source === 'live_missing_credentials' ? ` (${endpoint.servedBy} meanwhile)` : ''}
            </span>
          </span>
          {endpoint.reason && endpoint.source !== 'live_missing_credentials' ? (
            <span className="block text-muted">{endpoint.reason}.</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function percent(errors: number, calls: number): string {
  return calls === 0 ? 'no calls' : `${((errors / calls) * 100).toFixed(1)} %`;
}

function ms(value: number | null): string {
  return value === null ? 'no calls' : `${value.toLocaleString('en-US')} ms`;
}

export function FamilyCard({ family }: { family: FamilyStatus }) {
  const titleId = `status-${family.family}`;
  const hour = family.lastHour;
  return (
    <li
      data-family={family.family}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-surface p-4"
    >
      <section aria-labelledby={titleId} className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {family.title}
          </h2>
          <DataSourceBadge source={family.source} />
        </div>
        <p className="text-sm text-muted">{family.newsFeeds ? newsSourceText : sourceText[family.source]}</p>
        {family.notLiveReason ? <p className="text-sm text-muted">Not live: {family.notLiveReason}.</p> : null}
        {hour ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-muted">Calls, last hour</dt>
              <dd className="font-semibold">{hour.calls.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt className="text-muted">Error rate</dt>
              <dd className="font-semibold">{percent(hour.errors, hour.calls)}</dd>
            </div>
            <div>
              <dt className="text-muted">Latency p50</dt>
              <dd className="font-semibold">{ms(hour.p50Ms)}</dd>
            </div>
            <div>
              <dt className="text-muted">Latency p95</dt>
              <dd className="font-semibold">{ms(hour.p95Ms)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted">Last success</dt>
              <dd className="font-semibold">
                <DateTime value={hour.lastSuccess} fallback="none in the last hour" />
              </dd>
            </div>
            {family.newsFeeds ? (
              <div className="col-span-2" data-news-feeds>
                <dt className="text-muted">News feeds</dt>
                <dd className="font-semibold">
                  {family.newsFeeds.listed.toLocaleString('en-US')} listed
                  {family.newsFeeds.failing > 0 ? (
                    <span className="text-danger">, {family.newsFeeds.failing.toLocaleString('en-US')} failing</span>
                  ) : null}
                  ; newest read <DateTime value={family.newsFeeds.lastSuccessAt} fallback="none yet" />
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        <EndpointSources family={family} />
      </section>
    </li>
  );
}
