import type { Metadata } from 'next';

import { FamilyCard } from '@/components/status/family-card';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { Incidents, OverallLine } from '@/components/status/status-overview';
import { DateTime } from '@/components/ui/date-time';
import { getSourceStatus } from '@/lib/server/status/get-source-status';

export const metadata: Metadata = {
  title: 'Status',
  description:
    'Where each family of the Public Data API gets its data, and how its live sources answered in the last hour.',
};

// Reads the environment and the request log on each request (at most every 15 s per process).
export const dynamic = 'force-dynamic';

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
