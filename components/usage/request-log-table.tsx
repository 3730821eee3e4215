// The request log's table: one row per call, newest first, each linking to its detail.
import Link from 'next/link';

import { Badge } from '@/components/ui/badge';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { formatPrice } from '@/lib/money';
import type { UsageRequestPage } from '@/lib/server/usage/list-usage-requests';

import { statusTone, utcSeconds } from './request-time';

export function RequestLogTable({ rows }: { rows: UsageRequestPage['requests'] }) {
  return (
    <ScrollRegion label="Request log">
      <table className="w-full min-w-[64rem] border-collapse text-left text-sm">
        <caption className="sr-only">The account&apos;s calls, newest first</caption>
        <thead className="bg-surface text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Time (UTC)
            </th>
            <th scope="col" className="px-3 py-2">
              Request id
            </th>
            <th scope="col" className="px-3 py-2">
              Key
            </th>
            <th scope="col" className="px-3 py-2">
              Endpoint
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Units
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Free
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Latency
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.requestId} className="border-t border-border">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                <time dateTime={r.createdAt}>{utcSeconds(r.createdAt)}</time>
              </td>
              <td className="px-3 py-2 font-mono text-xs">
                <Link
                  href={`/usage/requests/${encodeURIComponent(r.requestId)}`}
                  className="underline"
                  aria-label={`Details of ${r.requestId}`}
                >
                  {r.requestId}
                </Link>
              </td>
              <td className="px-3 py-2 text-xs">{r.key}</td>
              <td className="px-3 py-2 font-mono text-xs">{r.endpoint}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                {r.code ? <span className="ml-1.5 font-mono text-xs">{r.code}</span> : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">
                {r.units}
                {r.sentiment ? (
                  <span className="text-muted" title="with sentiment">
                    {' '}
                    +s
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{r.freeUnits}</td>
              <td data-money="price" className="px-3 py-2 text-right tabular-nums">
                {formatPrice(r.amountMicros)}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{r.latencyMs} ms</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
