import 'server-only';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { Prisma } from '@/lib/generated/prisma/client';
import { monthRange } from '@/lib/utc-month';

export type GetLatencyByDayOptions = {
  accountId: string;
  month: string;
  /** One endpoint path ("/v1/shop/products"), or null for all of them. */
  endpoint?: string | null;
  keyId?: string | null;
  /** Days the request log is kept (USAGE_LOG_RETENTION_DAYS); days before that have no figures. */
  retentionDays?: number;
  now?: Date;
};

const DAY_MS = 86_400_000;

/** Latencies are whole milliseconds; an interpolated percentile is shown to a tenth. */
const tenths = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Math.round(ms * 10) / 10);

type DayRow = {
  day: Date;
  calls: number;
  client_errors: number;
  server_errors: number;
  refused: number;
  p50: number | null;
  p95: number | null;
};

export type LatencyDay = {
  date: string;
  /** Calls answered (the request log) plus calls refused before the platform was asked. */
  calls: number;
  /** 4xx answers, refused calls (400, 402, 429) among them, and 5xx answers. */
  clientErrors: number;
  serverErrors: number;
  /** (4xx + 5xx) / calls; null on a day without calls. */
  errorRate: number | null;
  /** Latency of the answered calls in milliseconds, to a tenth (refused calls have none); null without any. */
  p50Ms: number | null;
  p95Ms: number | null;
};

/**
 * Latency (p50, p95, continuous percentiles over the answered calls) and error rate per UTC day
 * of a month, for the account's calls to one endpoint or all of them, optionally one key. One
 * statement over the request log (UsageEvent, by its (account, time) or (account, endpoint,
 * time) index) and the refusals' per-minute counts, since refused calls are errors the caller
 * saw too. The log is pruned after USAGE_LOG_RETENTION_DAYS: `loggedFrom` says from which day
 * on the figures are whole. Timed over a month of 100,000 calls by npm run bench:usage-latency
 * (docs/performance.md).
 */
export async function getLatencyByDay({
  accountId,
  month,
  endpoint = null,
  keyId = null,
  retentionDays = env.USAGE_LOG_RETENTION_DAYS,
  now = new Date(),
}: GetLatencyByDayOptions) {
  const [start, end] = monthRange(month);
  const filters = Prisma.sql`${endpoint ? Prisma.sql`AND "endpoint" = ${endpoint}` : Prisma.empty}
    ${keyId ? Prisma.sql`AND "apiKeyId" = ${keyId}` : Prisma.empty}`;
  // Day by day, each day its own range of the index (sorting a whole month's calls by day
  // first spilled to disk at 100,000 calls); the days as an array, so the planner expects 31
  // rows, not generate_series's 1,000, and keeps JIT compilation (0.7 s) out of it.
  const utc = (at: Date) => at.toISOString().slice(0, 23);
  const rows = await db.$queryRaw<DayRow[]>`
    WITH refused AS (
      SELECT r."minute"::date AS day, SUM(r."count")::int AS refused
      FROM "UsageRefusal" r
      WHERE r."accountId" = ${accountId} AND r."minute" >= ${start} AND r."minute" < ${end} ${filters}
      GROUP BY 1
    )
    SELECT d.day::date AS day, a.calls, a.client_errors, a.server_errors, COALESCE(f.refused, 0) AS refused, a.pct[1] AS p50, a.pct[2] AS p95
    FROM unnest(ARRAY(SELECT generate_series(${utc(start)}::timestamp, ${utc(end)}::timestamp - interval '1 day', interval '1 day'))) AS d(day)
    CROSS JOIN LATERAL (
      SELECT COUNT(*)::int AS calls,
             (COUNT(*) FILTER (WHERE e."status" BETWEEN 400 AND 499))::int AS client_errors,
             (COUNT(*) FILTER (WHERE e."status" >= 500))::int AS server_errors,
             percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY e."latencyMs") AS pct
      FROM "UsageEvent" e
      WHERE e."accountId" = ${accountId} AND e."createdAt" >= d.day AND e."createdAt" < d.day + interval '1 day' ${filters}
    ) a
    LEFT JOIN refused f ON f.day = d.day::date
    ORDER BY d.day`;

  const byDate = new Map(rows.map((r) => [r.day.toISOString().slice(0, 10), r]));
  const dayCount = Math.round((end.getTime() - start.getTime()) / DAY_MS);
  const days: LatencyDay[] = Array.from({ length: dayCount }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const row = byDate.get(date);
    const calls = row ? row.calls + row.refused : 0;
    const clientErrors = row ? row.client_errors + row.refused : 0;
    const serverErrors = row?.server_errors ?? 0;
    return {
      date,
      calls,
      clientErrors,
      serverErrors,
      errorRate: calls ? (clientErrors + serverErrors) / calls : null,
      p50Ms: tenths(row?.p50),
      p95Ms: tenths(row?.p95),
    };
  });
  // The first whole day the log still holds; null when it holds the whole month.
  const cut = new Date(Math.ceil((now.getTime() - retentionDays * DAY_MS) / DAY_MS) * DAY_MS);
  const loggedFrom = cut > start ? cut.toISOString().slice(0, 10) : null;
  const totals = days.reduce(
    (t, d) => ({ calls: t.calls + d.calls, errors: t.errors + d.clientErrors + d.serverErrors }),
    { calls: 0, errors: 0 },
  );
  return {
    month,
    endpoint,
    keyId,
    days,
    loggedFrom,
    calls: totals.calls,
    errorRate: totals.calls ? totals.errors / totals.calls : null,
  };
}

export type LatencyByDay = Awaited<ReturnType<typeof getLatencyByDay>>;
