'use client';

// The explorer's answer to the last call: its status, headers, body and cost, or what to do first.
import { lazy, Suspense } from 'react';

import type { CallResult } from '@/lib/explorer/send-call';
import type { SentimentRecord } from '@/lib/explorer/sentiment';

// Loaded with the first answer, not the page: the headers table, the JSON tree and the emotions.
// React.lazy rather than next/dynamic: the answer never renders on the server, and next/dynamic's
// own loader would add a kilobyte to the page (the first-load budget: 150 kB a page).
const ResponseView = lazy(() => import('./response-view').then((m) => ({ default: m.ResponseView })));
const responseLoading = (
  <p className="flex h-40 items-center justify-center rounded-lg border border-border p-6 text-sm text-muted">
    Showing the response…
  </p>
);

/** The answer on screen and the call it belongs to. */
export interface ShownCall {
  result: CallResult;
  method: 'GET' | 'POST';
  path: string;
  sentiment: SentimentRecord[];
}

/** `currentPath`: the endpoint the form shows now (an answer of another endpoint says so). */
export function ExplorerAnswer({ shown, currentPath }: { shown: ShownCall | null; currentPath: string }) {
  if (!shown)
    return (
      <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted">
        Send a call to see its status, headers, body and cost here.
      </p>
    );
  return (
    <Suspense fallback={responseLoading}>
      <ResponseView
        result={shown.result}
        method={shown.method}
        path={shown.path}
        current={shown.path === currentPath}
        sentiment={shown.sentiment}
      />
    </Suspense>
  );
}
