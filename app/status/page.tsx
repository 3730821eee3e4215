import type { Metadata } from 'next';

import { DataSourceBadge } from '@/components/status/data-source-badge';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { DateTime } from '@/components/ui/date-time';
import type { EndpointSourceSummary } from '@/lib/api/providers/source-summary';
import { getSourceStatus, type FamilyStatus, type SourceStatus } from '@/lib/server/status/get-source-status';
import { DEGRADED_ERROR_RATE, DEGRADED_MIN_CALLS, INCIDENT_WINDOW_HOURS } from '@/lib/server/status/read-incidents';

export const metadata: Metadata = {
  title: 'Status',
  description:
    'Where each family of the Public Data API gets its data, and how its live sources answered in the last hour.',
};

// Reads the environment and the request log on each request (at most every 15 s per process).
export const dynamic = 'force-dynamic';

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

function FamilyCard({ family }: { family: FamilyStatus }) {
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

const failedShare = (calls: number, errors: number) => `${((errors / calls) * 100).toFixed(1)} %`;

/** "API operational", or what is degraded (the live families whose last hour failed too often). */
function OverallLine({ overall }: { overall: SourceStatus['overall'] }) {
  const text =
    overall.state === 'operational'
      ? 'API operational'
      : overall.state === 'misconfigured'
        ? 'Degraded: the data sources are misconfigured'
        : `Degraded: ${overall.degraded
            .map((d) => `${d.title} (${failedShare(d.calls, d.errors)} of calls failed in the last hour)`)
            .join(', ')}`;
  return (
    <p
      data-overall={overall.state}
      className={`flex items-center gap-2 text-xl font-semibold ${overall.state === 'operational' ? 'text-success' : 'text-danger'}`}
    >
      <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full bg-current" />
      {text}
    </p>
  );
}

const utcTime = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The last day's incidents of the live sources, the newest first. */
function Incidents({ incidents }: { incidents: SourceStatus['incidents'] }) {
  return (
    <section aria-labelledby="incidents-title" className="flex flex-col gap-2">
      <h2 id="incidents-title" className="text-lg font-semibold">
        Recent incidents
      </h2>
      {incidents.length === 0 ? (
        <p className="text-muted" data-no-incidents>
          No incidents in the last {INCIDENT_WINDOW_HOURS} hours.
        </p>
      ) : (
        <ul className="flex list-none flex-col gap-2" aria-label="Recent incidents">
          {incidents.map((incident) => (
            <li
              key={`${incident.family}-${incident.start.toISOString()}`}
              data-incident={incident.family}
              className="rounded-md border border-border bg-surface p-3 text-sm"
            >
              <span className="font-semibold">{incident.title}</span>
              {incident.ongoing ? <span className="text-danger"> (ongoing)</span> : null}:{' '}
              {failedShare(incident.calls, incident.errors)} of {incident.calls.toLocaleString('en-US')} live calls
              failed, {utcTime(incident.start)} to {incident.ongoing ? 'now' : utcTime(incident.end)}.
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-muted">
        An incident is an hour, or a run of hours, in which at least {DEGRADED_ERROR_RATE * 100} % of a live
        source&apos;s calls failed (of {DEGRADED_MIN_CALLS} or more).
      </p>
    </section>
  );
}

// GET /status: public, rendered on the server: each family's source and its live figures.
export default async function StatusPage() {
  const status = await getSourceStatus();
  const live = status.families.filter((f) => f.source === 'live').length;
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Status</h1>
          <OverallLine overall={status.overall} />
          <p className="text-lg font-semibold" data-live-endpoints>
            {status.liveEndpoints.toLocaleString('en-US')} of {status.endpointCount.toLocaleString('en-US')} endpoints
            have a live source
          </p>
          <p className="max-w-2xl text-muted">
            Where each family&apos;s data comes from on this deployment:{' '}
            {live === 0
              ? 'no family is live; every one answers with sandbox data'
              : `${live} of ${status.families.length} families call their platform live`}
            . For live sources, the last hour of calls as the API recorded them; a 404 for an unknown account counts as
            an answer, 5xx and rate limits as errors.
          </p>
          <p className="text-sm text-muted">
            Figures as of <DateTime value={status.at} precise />.
          </p>
        </div>
        {status.error ? (
          <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm text-danger">
            The source configuration is invalid and the API refuses to start with it: {status.error}
          </p>
        ) : null}
        <Incidents incidents={status.incidents} />
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Families and their sources">
          {status.families.map((family) => (
            <FamilyCard key={family.family} family={family} />
          ))}
        </ul>
      </main>
      <SiteFooter />
    </div>
  );
}
