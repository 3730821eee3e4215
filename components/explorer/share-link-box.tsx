'use client';

import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useCopy } from '@/components/ui/use-copy';
import { explorerLink } from '@/lib/explorer/share-link';

/** A link that opens the explorer on this endpoint with these parameters; never the key. */
export function ShareLinkBox({ path, params }: { path: string; params: readonly (readonly [string, string])[] }) {
  const [origin, setOrigin] = useState('');
  const { status, copy } = useCopy();
  useEffect(() => setOrigin(window.location.origin), []);
  const link = `${origin}${explorerLink(path, params)}`;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="explorer-share-link" className="text-sm font-medium">
        Share link
      </label>
      <div className="flex gap-2">
        <input
          id="explorer-share-link"
          readOnly
          value={link}
          onFocus={(e) => e.currentTarget.select()}
          className="min-h-9 min-w-0 flex-1 rounded-md border border-border bg-surface px-2 font-mono text-xs text-fg"
        />
        <Button variant="secondary" size="sm" onClick={() => copy(link, 'Link copied', 'link')}>
          Copy link
        </Button>
      </div>
      <p className="text-xs text-muted">
        Opens this endpoint with these parameters, without your key. <span aria-live="polite">{status}</span>
      </p>
    </div>
  );
}
