// /status's overall line (operational, or what is degraded) and the last day's incidents.
import type { SourceStatus } from '@/lib/server/status/get-source-status';
import { DEGRADED_ERROR_RATE, DEGRADED_MIN_CALLS, INCIDENT_WINDOW_HOURS } from '@/lib/server/status/read-incidents';

const failedShare = (calls: number, errors: number) => `${((errors / calls) * 100).toFixed(1)} %`;

/** "API operational", or what is degraded (the live families whose last hour failed too often). */
export function OverallLine({ overall }: { overall: SourceStatus['overall'] }) {
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
export function Incidents({ incidents }: { incidents: SourceStatus['incidents'] }) {
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
