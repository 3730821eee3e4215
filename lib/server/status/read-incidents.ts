import 'server-only';

// The /status page's overall line and recent incidents, from the live sources' error rates in the
// API's own request log (UsageEvent): an hour of a live family is degraded when at least
// DEGRADED_MIN_CALLS calls were made and DEGRADED_ERROR_RATE of them failed (5xx, the platform's
// rate limits; the same errors as the page's figures). Consecutive degraded hours of a family make
// one incident. Sandbox and upstream families have none: their answers do not depend on a platform.
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import type { Family } from '@/lib/api/registry/types';

/** Fewer calls than this in an hour say too little to call it degraded (one failure of three). */
export const DEGRADED_MIN_CALLS = 10;
/** The share of failed calls from which a live family's hour is degraded. */
export const DEGRADED_ERROR_RATE = 0.05;
/** How far back the page lists incidents; the request log is read over this window. */
export const INCIDENT_WINDOW_HOURS = 24;

const HOUR_MS = 3_600_000;

export function isDegraded(calls: number, errors: number): boolean {
  return calls >= DEGRADED_MIN_CALLS && errors / calls >= DEGRADED_ERROR_RATE;
}

export interface Incident {
  family: Family;
  /** The first degraded hour's start, and the last one's end (now, while it lasts). */
  start: Date;
  end: Date;
  /** Calls and failed calls over the incident's hours. */
  calls: number;
  errors: number;
  /** Its last hour is the current one. */
  ongoing: boolean;
}

interface HourRow {
  family: string;
  hour: Date;
  calls: number;
  errors: number;
}

/** The incidents of the last INCIDENT_WINDOW_HOURS on these live paths, the newest first. */
export async function readIncidents(livePaths: string[], now: Date): Promise<Incident[]> {
  if (livePaths.length === 0) return [];
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const since = new Date(currentHour - (INCIDENT_WINDOW_HOURS - 1) * HOUR_MS);
  const rows = await db.$queryRaw<HourRow[]>(Prisma.sql`
    SELECT split_part(endpoint, '/', 3) AS family,
           date_trunc('hour', "createdAt") AS hour,
           count(*)::int AS calls,
           (count(*) FILTER (WHERE status >= 500 OR code = 'upstream_rate_limit'))::int AS errors
      FROM "UsageEvent"
     WHERE "createdAt" >= ${since} AND "createdAt" <= ${now} AND endpoint = ANY(${livePaths})
     GROUP BY 1, 2
     ORDER BY 1, 2`);
  const incidents: Incident[] = [];
  let open: Incident | null = null;
  for (const row of rows) {
    const hour = row.hour.getTime();
    if (!isDegraded(row.calls, row.errors)) continue;
    if (open && open.family === row.family && open.end.getTime() === hour) {
      open.end = new Date(hour + HOUR_MS);
      open.calls += row.calls;
      open.errors += row.errors;
    } else {
      open = {
        family: row.family as Family,
        start: new Date(hour),
        end: new Date(hour + HOUR_MS),
        calls: row.calls,
        errors: row.errors,
        ongoing: false,
      };
      incidents.push(open);
    }
  }
  for (const incident of incidents) {
    if (incident.end.getTime() > currentHour) {
      incident.ongoing = true;
      incident.end = now;
    }
  }
  return incidents.sort((a, b) => b.start.getTime() - a.start.getTime());
}
