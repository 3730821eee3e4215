'use client';

import { lazy, Suspense } from 'react';

import { Badge } from '@/components/ui/badge';
import { apiHeaders } from '@/lib/explorer/api-headers';
import { BILLING_HEADERS, type CallResult } from '@/lib/explorer/send-call';
import type { SentimentRecord } from '@/lib/explorer/sentiment';

import { BodyView } from './body-view';

// Only for a call that asked for emotions: its schema and charts stay out of the other answers.
const SentimentView = lazy(() => import('./sentiment-view').then((m) => ({ default: m.SentimentView })));
const sentimentLoading = (
  <p className="h-48 rounded-md border border-border p-3 text-sm text-muted">Showing the emotions…</p>
);

const billing = new Set<string>(BILLING_HEADERS);

function errorText(result: CallResult): string | null {
  const body = result.json;
  return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? body.error : null;
}

/**
 * A call's answer, labelled with the call it belongs to: status and code, time, the API's headers
 * (billing first and marked), body, emotions. `current`: the call was to the endpoint on the form.
 */
export function ResponseView({
  result,
  method,
  path,
  current,
  sentiment,
}: {
  result: CallResult;
  method: 'GET' | 'POST';
  path: string;
  current: boolean;
  sentiment: SentimentRecord[];
}) {
  const ok = result.status < 400;
  const headers = apiHeaders(result.headers).sort(
    ([a], [b]) => Number(billing.has(b)) - Number(billing.has(a)) || a.localeCompare(b),
  );
  const error = ok ? null : errorText(result);
  return (
    <section
      aria-labelledby="explorer-response-title"
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="explorer-response-title" className="font-semibold">
          Response
        </h2>
        <span data-testid="response-status">
          <Badge tone={ok ? 'success' : 'danger'}>
            {result.status} {result.statusText}
          </Badge>
        </span>
        {result.code ? (
          <code data-testid="response-code" className="font-mono text-sm text-danger">
            {result.code}
          </code>
        ) : null}
        <span className="text-sm text-muted tabular-nums">{result.durationMs} ms</span>
      </div>
      <p data-testid="response-call" className="-mt-2 text-sm text-muted">
        To <code className="break-all font-mono text-fg">{`${method} ${path}`}</code>
        {current ? '' : ': an earlier call to another endpoint than the one above'}
      </p>
      {error ? (
        <p data-testid="response-error" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {error}
        </p>
      ) : null}
      <details className="rounded-md border border-border" open>
        <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">Headers ({headers.length})</summary>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs">
            <caption className="sr-only">Response headers; billing headers first and marked</caption>
            <tbody>
              {headers.map(([name, value]) => (
                <tr
                  key={name}
                  data-billing={billing.has(name) || undefined}
                  className={`border-t border-border ${billing.has(name) ? 'bg-warning-soft font-semibold' : ''}`}
                >
                  <th scope="row" className="whitespace-nowrap px-3 py-1 font-mono font-medium">
                    {name}
                    {billing.has(name) ? <span className="sr-only"> (billing)</span> : null}
                  </th>
                  <td className="break-all px-3 py-1 font-mono">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      {sentiment.length > 0 ? (
        <Suspense fallback={sentimentLoading}>
          <SentimentView records={sentiment} />
        </Suspense>
      ) : null}
      <BodyView key={result.requestId ?? result.durationMs} result={result} path={path} />
    </section>
  );
}
