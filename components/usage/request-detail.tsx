import Link from 'next/link';
import type { ReactNode } from 'react';

import { formatPrice } from '@/lib/money';
import { Badge } from '@/components/ui/badge';
import { explorerLink } from '@/lib/explorer/share-link';
import type { UsageRequestDetail } from '@/lib/server/usage/get-usage-request';

import { CopyRequestId } from './copy-request-id';
import { RequestParams } from './request-params';
import { statusTone, utcSeconds } from './request-time';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-border px-4 py-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

/** One call of the request log, field by field. */
export function RequestDetail({ request }: { request: UsageRequestDetail }) {
  const billedUnits = request.units - request.freeUnits;
  return (
    <dl
      aria-label="Request details"
      className="rounded-lg border border-border bg-surface [&>div:first-child]:border-t-0"
    >
      <Row label="Request id">
        <CopyRequestId requestId={request.requestId} />
      </Row>
      <Row label="Time (UTC)">
        <time dateTime={request.createdAt}>{utcSeconds(request.createdAt)}</time>
      </Row>
      <Row label="Method">
        <code className="font-mono">{request.method}</code>
      </Row>
      <Row label="Path">
        <code className="break-all font-mono">{request.endpoint}</code>
      </Row>
      <Row label="Parameters">
        <RequestParams params={request.params} />
      </Row>
      <Row label="Status">
        <Badge tone={statusTone(request.status)}>{request.status}</Badge>
      </Row>
      <Row label="Error code">
        {request.code ? <code className="font-mono">{request.code}</code> : <span className="text-muted">None</span>}
      </Row>
      <Row label="Latency">
        <span className="tabular-nums">{request.latencyMs} ms</span>
      </Row>
      <Row label="Units">
        <span className="tabular-nums">{request.units}</span>
        {request.sentiment ? <span className="text-muted"> (with sentiment)</span> : null}
      </Row>
      <Row label="Free units">
        <span className="tabular-nums">{request.freeUnits}</span>
        {billedUnits > 0 ? <span className="text-muted"> ({billedUnits} billed)</span> : null}
      </Row>
      <Row label="Amount">
        <span data-money="price" className="tabular-nums">
          {formatPrice(request.amountMicros)}
        </span>
      </Row>
      <Row label="Key">
        {request.keyId ? (
          <span className="break-all">
            {request.key}
            {request.keyStatus && request.keyStatus !== 'active' ? (
              <span className="text-muted"> ({request.keyStatus})</span>
            ) : null}
          </span>
        ) : (
          <span className="text-muted">{request.key}</span>
        )}
      </Row>
      <Row label="Open in the explorer">
        {/* With its parameters, unless they were cut (a cut value would be called as it stands). */}
        <Link
          className="underline"
          href={explorerLink(
            request.endpoint,
            request.params && !request.params.truncated ? request.params.entries : [],
          )}
        >
          Try {request.endpoint} again
        </Link>
      </Row>
    </dl>
  );
}
