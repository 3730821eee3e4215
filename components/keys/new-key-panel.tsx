'use client';

import { useKeyStatus } from '@/components/keys/key-status';
import { Button } from '@/components/ui/button';
import { copyFailedText, copyToClipboard } from '@/components/ui/use-copy';

/** The plaintext of a new key, shown once, with a copy button. */
export function NewKeyPanel({ apiKey, onDismiss }: { apiKey: string; onDismiss: () => void }) {
  const { announce } = useKeyStatus();

  async function copy() {
    if (await copyToClipboard(apiKey)) announce({ tone: 'success', text: 'Copied' });
    else announce({ tone: 'error', text: copyFailedText('key') });
  }

  return (
    <section
      aria-labelledby="new-key-title"
      className="flex flex-col gap-3 rounded-lg border border-warning bg-warning-soft p-4"
    >
      <h2 id="new-key-title" className="font-semibold">
        Your new API key
      </h2>
      <p className="text-sm">
        <strong>Copy it now.</strong> It will not be shown again: only a fingerprint of it is stored.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 break-all rounded-md border border-border bg-raised px-3 py-2 font-mono text-sm text-fg"
        >
          {apiKey}
        </code>
        <div className="flex gap-2">
          <Button variant="primary" size="sm" onClick={copy}>
            Copy key
          </Button>
          <Button variant="secondary" size="sm" onClick={onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
