'use client';

import { useDeferredValue, useId, useMemo, useState } from 'react';

import { Button } from '@/components/ui/button';
import { downloadName, LARGE_BODY_BYTES, openPathsFor } from '@/lib/explorer/json-view';
import { formatBytes, type CallResult } from '@/lib/explorer/send-call';

import { JsonTree } from './json-tree';
import { TextBody } from './text-body';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The body: a searchable, collapsible JSON tree, or text past LARGE_BODY_BYTES; always downloadable. */
export function BodyView({ result, path }: { result: CallResult; path: string }) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [expanded, setExpanded] = useState(true);
  const searchId = useId();
  const large = result.bytes > LARGE_BODY_BYTES || result.json === undefined;
  const openPaths = useMemo(
    () => (large ? new Set<string>() : openPathsFor(result.json, deferredQuery)),
    [large, result.json, deferredQuery],
  );
  return (
    <section aria-labelledby="explorer-body-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="explorer-body-title" className="font-semibold">
          Body <span className="text-sm font-normal text-muted">({formatBytes(result.bytes)})</span>
        </h3>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="text-xs font-medium">
              Search the body
            </label>
            <input
              id={searchId}
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="min-h-9 w-48 rounded-md border border-border bg-raised px-2 text-sm text-fg"
            />
          </div>
          {!large ? (
            <Button variant="secondary" size="sm" aria-pressed={!expanded} onClick={() => setExpanded((e) => !e)}>
              {expanded ? 'Collapse all' : 'Expand'}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => download(result.text, downloadName(path, result.requestId))}
          >
            Download body
          </Button>
        </div>
      </div>
      {large ? (
        <TextBody text={result.text} bytes={result.bytes} query={deferredQuery} />
      ) : (
        <div
          tabIndex={0}
          role="region"
          aria-label="Response body"
          className="max-h-[32rem] overflow-auto rounded-md border border-border bg-surface p-3"
        >
          {/* Remounting the tree is how "Collapse all" and "Expand" reset every node. */}
          <JsonTree
            key={expanded ? 'open' : 'closed'}
            value={result.json}
            query={deferredQuery}
            openPaths={openPaths}
            openDepth={expanded ? 2 : 1}
          />
        </div>
      )}
    </section>
  );
}
