'use client';

import { Button } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';

/** The request id with a button that copies it (for a support message or a log search). */
export function CopyRequestId({ requestId }: { requestId: string }) {
  const { status, copy } = useCopy();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <code data-testid="detail-request-id" className="break-all font-mono text-sm">
        {requestId}
      </code>
      <Button variant="secondary" size="sm" onClick={() => copy(requestId, 'Request id copied', 'request id')}>
        Copy request id
      </Button>
      <span aria-live="polite" className="text-xs text-muted">
        {status}
      </span>
    </span>
  );
}
