import { Badge } from '@/components/ui/badge';
import { ScrollRegion } from '@/components/ui/scroll-region';
import type { UsageRefusalTally } from '@/lib/server/usage/list-usage-refusals';

import { utcSeconds } from './request-time';

/**
 * Calls refused before they reached a platform, under the log's filters: never billed. Each with
 * its status and error code (a key's own monthly limit, a daily cap and too many calls at once
 * are all 429; a revoked key is 401), so the reason reads at a glance. The API counts them per
 * minute rather than keeping each one, so a row is a minute's count.
 */
export function RefusalTallies({ tallies, limit }: { tallies: UsageRefusalTally[]; limit: number }) {
  return (
    <section aria-labelledby="refused-heading" className="flex flex-col gap-3">
      <h2 id="refused-heading" className="text-lg font-semibold">
        Refused calls, newest first
      </h2>
      <p className="text-sm text-muted">
        Refused before a platform was asked (bad parameters, payment, a limit, a revoked, expired or restricted key, a
        blocked account): not billed, and counted per minute rather than kept one by one, so they have no request id of
        their own.
      </p>
      {tallies.length ? (
        <ScrollRegion label="Refused calls">
          <table className="w-full min-w-[48rem] border-collapse text-left text-sm">
            <caption className="sr-only">Refused calls counted per minute, newest first</caption>
            <thead className="bg-surface text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Minute (UTC)
                </th>
                <th scope="col" className="px-3 py-2">
                  Key
                </th>
                <th scope="col" className="px-3 py-2">
                  Endpoint
                </th>
                <th scope="col" className="px-3 py-2">
                  Status and code
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Calls
                </th>
                <th scope="col" className="px-3 py-2">
                  Billed
                </th>
              </tr>
            </thead>
            <tbody>
              {tallies.map((t) => (
                <tr
                  key={`${t.minute}|${t.keyId}|${t.endpoint}|${t.status}|${t.code}`}
                  data-refused=""
                  className="border-t border-border"
                >
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                    <time dateTime={t.minute}>{utcSeconds(t.minute).slice(0, 16)} UTC</time>
                  </td>
                  <td className="min-w-[10rem] px-3 py-2 text-xs break-words">{t.key}</td>
                  <td className="px-3 py-2 font-mono text-xs">{t.endpoint}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <Badge tone="warning">{t.status}</Badge>{' '}
                    <span className="text-xs">
                      Refused ·{' '}
                      {t.code ? (
                        <span className="font-mono">{t.code}</span>
                      ) : (
                        <span className="text-muted">code not recorded</span>
                      )}
                    </span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{t.count}</td>
                  <td className="px-3 py-2 text-xs">Not billed</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : (
        <p className="rounded-lg border border-dashed border-border bg-surface p-4 text-sm text-muted">
          No refused calls match these filters.
        </p>
      )}
      {tallies.length >= limit ? (
        <p className="text-xs text-muted">The newest {limit} minutes are shown; narrow the filters for older ones.</p>
      ) : null}
    </section>
  );
}
