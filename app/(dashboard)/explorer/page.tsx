import type { Metadata } from 'next';

import { Explorer } from '@/components/explorer/explorer';
import { endpoints } from '@/lib/api/registry';
import { apiBaseUrl } from '@/lib/http/api-base-url';
import { describeEndpoint } from '@/lib/docs/endpoint-model';
import { readShareLink } from '@/lib/explorer/share-link';
import { requireSession } from '@/lib/auth/require-session';

export const metadata: Metadata = { title: 'Explorer' };

// GET /explorer?path=/v1/…&<param>=<value>…: try any endpoint with a key kept in this tab; a share
// link opens it prefilled.
export default async function ExplorerPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await requireSession();
  const raw = await searchParams;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, v);
  }
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">Explorer</h1>
        <p className="text-sm text-muted">
          Try any endpoint with your key: see what it returns, what it cost, and copy working code. Calls are real and
          billed like any other; the key stays in this tab.
        </p>
      </header>
      <Explorer
        models={endpoints.map(describeEndpoint)}
        baseUrl={apiBaseUrl()}
        shared={readShareLink(search)}
        owner={session.userId}
      />
    </div>
  );
}
