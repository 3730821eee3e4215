import Link from 'next/link';

import { DataSourceBadge } from '@/components/status/data-source-badge';
import type { SourceSummary } from '@/lib/api/providers/source-summary';

/**
 * Which families this deployment serves from the platforms themselves and which from invented
 * sandbox records, for the landing page and /docs; /status has the figures.
 */
export function DataSourceList({
  summary,
  headingLevel = 2,
  id,
}: {
  summary: SourceSummary;
  headingLevel?: 2 | 3;
  id: string;
}) {
  const Heading = `h${headingLevel}` as const;
  const live = summary.families.filter((f) => f.source === 'live');
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <Heading id={`${id}-title`} className={headingLevel === 2 ? 'text-2xl font-semibold' : 'text-xl font-semibold'}>
        Data on this deployment
      </Heading>
      <p className="text-muted">
        {live.length === 0
          ? 'Every family answers with sandbox data: invented, realistic records that never change, for building and testing.'
          : 'Families marked live call the platform itself on each request; the others answer with sandbox data (invented records) or the operator\u2019s own upstream service.'}{' '}
        <Link href="/status" className="font-medium text-primary underline">
          See the status of each source
        </Link>
      </p>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Source of each family">
        {summary.families.map((f) => (
          <li
            key={f.family}
            data-family={f.family}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 py-2"
          >
            <span className="font-medium">{f.title}</span>
            <DataSourceBadge source={f.source} />
          </li>
        ))}
      </ul>
    </section>
  );
}
