'use client';

import { useEffect, useState } from 'react';

import { findInText, TEXT_SLICE_CHARS, type TextMatch } from '@/lib/explorer/json-view';
import { formatBytes } from '@/lib/explorer/send-call';

/**
 * A large body as plain text, one slice at a time, so that rendering it never blocks the tab;
 * the search runs over the whole text and lists where the matches are.
 */
export function TextBody({ text, bytes, query }: { text: string; bytes: number; query: string }) {
  const [chars, setChars] = useState(TEXT_SLICE_CHARS);
  const [found, setFound] = useState<{ query: string; total: number; shown: TextMatch[] }>({
    query: '',
    total: 0,
    shown: [],
  });
  useEffect(() => {
    const controller = new AbortController();
    void findInText(text, query, { signal: controller.signal }).then(
      (result) => result && setFound({ query, ...result }),
    );
    return () => controller.abort();
  }, [text, query]);
  const shown = Math.min(chars, text.length);
  return (
    <div className="flex flex-col gap-3">
      <p className="text-xs text-muted">
        This body is {formatBytes(bytes)}: it is shown as text,{' '}
        {shown < text.length ? `the first ${formatBytes(shown)}` : 'in full'}. Download it to read it all in your
        editor.
      </p>
      {query.trim() ? (
        <div className="flex flex-col gap-1 text-xs">
          <p aria-live="polite" data-testid="body-search-status">
            {found.query !== query ? (
              'Searching…'
            ) : (
              <>
                {found.total} match{found.total === 1 ? '' : 'es'} for “{query.trim()}”
                {found.total > found.shown.length ? `, the first ${found.shown.length} listed` : ''}
              </>
            )}
          </p>
          <ol className="flex max-h-48 flex-col gap-1 overflow-y-auto font-mono">
            {(found.query === query ? found.shown : []).map((m) => (
              <li key={m.at} className="break-all">
                <span className="text-muted">at {m.at}: </span>
                {m.before}
                <mark className="rounded bg-warning-soft text-fg ring-1 ring-warning">{m.match}</mark>
                {m.after}
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      <pre
        tabIndex={0}
        aria-label="Response body as text"
        className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-md border border-border bg-surface p-3 font-mono text-xs"
      >
        {text.slice(0, shown)}
      </pre>
      {shown < text.length ? (
        <button
          type="button"
          className="self-start text-sm text-primary underline"
          onClick={() => setChars((c) => c + TEXT_SLICE_CHARS)}
        >
          Show {formatBytes(Math.min(TEXT_SLICE_CHARS, text.length - shown))} more
        </button>
      ) : null}
    </div>
  );
}
