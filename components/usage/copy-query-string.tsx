'use client';

import { Button } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';

/** A call's parameters as a query string, with a button that copies it (to call again or share). */
export function CopyQueryString({ query }: { query: string }) {
  const { status, copy } = useCopy();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code data-testid="detail-query-string" className="min-w-0 break-all font-mono text-xs text-muted">
        ?{query}
      </code>
      <Button variant="secondary" size="sm" onClick={() => copy(`?${query}`, 'Query string copied', 'query string')}>
        Copy query string
      </Button>
      <span aria-live="polite" className="text-xs text-muted">
        {status}
      </span>
    </span>
  );
}
