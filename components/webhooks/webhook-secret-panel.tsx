'use client';

import { Button } from '@/components/ui/button';
import { LiveRegion } from '@/components/ui/live-region';
import { useCopy } from '@/components/ui/use-copy';

/** A signing secret just made (an added endpoint or a roll), shown this once, with a copy button. */
export function WebhookSecretPanel({ secret, onDismiss }: { secret: string; onDismiss: () => void }) {
  const { status, copy } = useCopy();
  return (
    <section
      aria-labelledby="webhook-secret-title"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning-soft p-4"
    >
      <h3 id="webhook-secret-title" className="font-semibold">
        Signing secret
      </h3>
      <p className="text-sm">
        <strong>Copy it now.</strong> It will not be shown again. Your receiver checks the{' '}
        <code className="font-mono">Webhook-Signature</code> header of each delivery with it.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          className="min-w-0 flex-1 break-all rounded-md border border-border bg-raised px-3 py-2 font-mono text-sm text-fg"
        >
          {secret}
        </code>
        <div className="flex gap-2">
          <Button variant="primary" size="sm" onClick={() => copy(secret, 'Copied', 'secret')}>
            Copy secret
          </Button>
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
      <LiveRegion tone={status.startsWith('Copied') ? 'success' : 'error'}>{status}</LiveRegion>
    </section>
  );
}
