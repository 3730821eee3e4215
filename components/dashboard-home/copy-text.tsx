'use client';

import { Button } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';

/** A line of code with a copy button that says whether the copy worked. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const { status, copy } = useCopy();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <code className="min-w-0 flex-1 break-all rounded-md border border-border bg-raised px-3 py-2 font-mono text-xs">
        {text}
      </code>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => copy(text, 'Copied', 'text')} aria-label={label}>
          Copy
        </Button>
        <span aria-live="polite" className="text-xs text-muted">
          {status}
        </span>
      </div>
    </div>
  );
}
