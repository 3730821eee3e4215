import 'server-only';

// The /status page's data: each family's source and, for live ones, the last hour of calls to
// its live paths from the API's own request log (UsageEvent): calls, error rate (5xx and the
// platform's rate limits; a 404 for an unknown account is an answer, not a failure), p50/p95
// latency as the gateway measured it, the last success; for live news, how many feeds are listed,
// how many fail and the newest success. Public and unauthenticated, so nothing of the operator's
// set-up is in it: no feed address (one can carry credentials), no quota use; those are the
// operator's (get-operator-status.ts, `npm run console -- source-status`). Above them, the overall
// state and the recent incidents (read-incidents.ts). The figures are computed at most once per
// STATUS_TTL_MS per process.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { LiveAdapter } from '@/lib/api/providers/live/types';
import { summarizeSources, type FamilySourceSummary } from '@/lib/api/providers/source-summary';
import type { Family } from '@/lib/api/registry/types';
import { readNewsFeedSummary, type NewsFeedSummary } from '@/lib/ingest/news/feed-status';

import { type Incident, isDegraded, readIncidents } from './read-incidents';
import { envRecord, type EnvRecord } from '@/lib/env';

interface LiveHour {
  calls: number;
  errors: number;
  p50Ms: number | null;
  p95Ms: number | null;
  lastSuccess: Date | null;
}

export interface FamilyStatus extends FamilySourceSummary {
  /** For live families: the last hour; null for the others. */
  lastHour: LiveHour | null;
  /** For live news: the feeds' summary (no feed named); null for the others. */
  newsFeeds: NewsFeedSummary | null;
}

/**
 * The page's first line: `operational`, or `degraded` with the live families whose last hour
 * failed too often, or `misconfigured` when the API refuses the source configuration.
 */
interface OverallStatus {
  state: 'operational' | 'degraded' | 'misconfigured';
  degraded: { family: Family; title: string; calls: number; errors: number }[];
}

export interface SourceStatus {
  overall: OverallStatus;
  /** The last day's incidents of live families, the newest first. */
  incidents: (Incident & { title: string })[];
  families: FamilyStatus[];
  /** Endpoints answered from their platform, of endpointCount (source-summary.ts). */
  liveEndpoints: number;
  endpointCount: number;
  error: string | null;
  /** When the figures were read. */
  at: Date;
}

const STATUS_TTL_MS = 15_000;
let memo: { at: number; value: Promise<SourceStatus> } | null = null;

interface HourRow {
  endpoint: string;
  calls: number;
  errors: number;
  p50: number | null;
  p95: number | null;
  last_success: Date | null;
}

/** The last hour of calls per live path, summed per family (percentiles over all its live paths). */
async function readLastHour(livePaths: string[], since: Date, until: Date): Promise<Map<string, LiveHour>> {
  if (livePaths.length === 0) return new Map();
  const rows = await db.$queryRaw<HourRow[]>(Prisma.sql`
    SELECT split_part(endpoint, '/', 3) AS endpoint,
           count(*)::int AS calls,
           (count(*) FILTER (WHERE status >= 500 OR code = 'upstream_rate_limit'))::int AS errors,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY "latencyMs") AS p50,
           percentile_cont(0.95) WITHIN GROUP (ORDER BY "latencyMs") AS p95,
           max("createdAt") FILTER (WHERE status < 400) AS last_success
      FROM "UsageEvent"
     WHERE "createdAt" >= ${since} AND "createdAt" <= ${until} AND endpoint = ANY(${livePaths})
     GROUP BY 1`);
  return new Map(
    rows.map((row) => [
      row.endpoint,
      {
        calls: row.calls,
        errors: row.errors,
        p50Ms: row.p50 === null ? null : Math.round(row.p50),
        p95Ms: row.p95 === null ? null : Math.round(row.p95),
        lastSuccess: row.last_success,
      },
    ]),
  );
}

interface StatusOptions {
  env?: EnvRecord;
  /** The adapters to describe (tests); the registered ones by default. */
  adapters?: Partial<Record<Family, LiveAdapter>>;
  now?: Date;
}

async function readSourceStatus(options: StatusOptions, now: Date): Promise<SourceStatus> {
  const summary = summarizeSources(options.env ?? envRecord(), options.adapters);
  const livePaths = summary.families.flatMap((f) => f.livePaths);
  const hours = await readLastHour(livePaths, new Date(now.getTime() - 3_600_000), now);
  const empty: LiveHour = { calls: 0, errors: 0, p50Ms: null, p95Ms: null, lastSuccess: null };
  const newsLive = summary.families.some((f) => f.family === 'news' && f.source === 'live');
  const newsFeeds = newsLive ? await readNewsFeedSummary(options.env ?? envRecord()) : null;
  const families: FamilyStatus[] = summary.families.map((f) => ({
    ...f,
    lastHour: f.source === 'live' ? (hours.get(f.family) ?? empty) : null,
    newsFeeds: f.family === 'news' ? newsFeeds : null,
  }));
  const degraded = families.flatMap((f) =>
    f.lastHour && isDegraded(f.lastHour.calls, f.lastHour.errors)
      ? [{ family: f.family, title: f.title, calls: f.lastHour.calls, errors: f.lastHour.errors }]
      : [],
  );
  const titles = new Map(families.map((f) => [f.family, f.title]));
  const incidents = (await readIncidents(livePaths, now)).map((i) => ({
    ...i,
    title: titles.get(i.family) ?? i.family,
  }));
  return {
    overall: { state: summary.error ? 'misconfigured' : degraded.length ? 'degraded' : 'operational', degraded },
    incidents,
    families,
    liveEndpoints: summary.liveEndpoints,
    endpointCount: summary.endpointCount,
    error: summary.error,
    at: now,
  };
}

export function getSourceStatus(options: StatusOptions = {}): Promise<SourceStatus> {
  const now = options.now ?? new Date();
  // Anything but the page's own call (tests) is read afresh.
  if (options.env || options.adapters || options.now) return readSourceStatus(options, now);
  if (!memo || now.getTime() - memo.at > STATUS_TTL_MS) {
    const value = readSourceStatus({}, now);
    memo = { at: now.getTime(), value };
    value.catch(() => {
      memo = null;
    });
  }
  return memo.value;
}
