import type { LoggedParamsView } from '@/lib/usage-log-params';

import { CopyQueryString } from './copy-query-string';

/**
 * A logged call's parameters: name = value, as the gateway validated them (defaults filled in),
 * and the query string with a copy button. Keys are never logged; a huge query string was cut.
 */
export function RequestParams({ params }: { params: LoggedParamsView | null }) {
  if (!params) return <span className="text-muted">None recorded</span>;
  const last = params.entries.length - 1;
  return (
    <div className="flex flex-col gap-2">
      <dl aria-label="Parameters" className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1">
        {params.entries.map(([name, value], i) => (
          <div key={`${i}:${name}`} className="contents">
            <dt>
              <code className="font-mono">{name}</code>
            </dt>
            <dd>
              <code className="break-all font-mono">
                {value}
                {params.truncated && i === last ? '…' : ''}
              </code>
            </dd>
          </div>
        ))}
      </dl>
      {params.truncated ? (
        <p className="text-xs text-muted">
          Cut: the log keeps the first 2,048 characters of a call&apos;s query string.
        </p>
      ) : null}
      <CopyQueryString query={params.query} />
    </div>
  );
}
