'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';

import { DataSourceList } from '@/components/status/data-source-list';
import type { SourceSummary } from '@/lib/api/providers/source-summary';

/**
 * The reference is rendered at build time, but which families are live is decided when the
 * server starts: the list is read from the running server.
 */
export function DocsDataSources() {
  const { data, isError } = useQuery({
    queryKey: ['status-sources'],
    queryFn: async (): Promise<SourceSummary> => {
      const response = await fetch('/api/status/sources');
      if (!response.ok) throw new Error(`status ${response.status}`);
      return (await response.json()) as SourceSummary;
    },
  });
  if (data) return <DataSourceList summary={data} id="data-sources" />;
  return (
    <section aria-labelledby="data-sources-title" className="flex flex-col gap-3">
      <h2 id="data-sources-title" className="text-2xl font-semibold">
        Data on this deployment
      </h2>
      <p className="text-muted" aria-live="polite">
        {isError ? 'Which families serve live data could not be read.' : 'Reading which families serve live data…'}{' '}
        <Link href="/status" className="font-medium text-primary underline">
          See the status of each source
        </Link>
      </p>
    </section>
  );
}
