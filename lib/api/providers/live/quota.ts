// A platform's daily quota of units (the YouTube Data API: 10,000 a day by default, reset at
// midnight Pacific time): the units this deployment spent, per family and quota day, in
// PostgreSQL (LiveQuotaUsage), so every API process adds to one count and /status reads it.
// The quota day is the platform's calendar day in its own time zone.
import type { Family } from '../../registry/types';
import type { Sql } from './types';

/** The calendar day ("2026-03-08") at `at` in `timeZone`. */
export function quotaDay(at: Date, timeZone: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** Milliseconds `timeZone` is ahead of UTC at `at` (negative west of Greenwich). */
export function offsetMs(at: Date, timeZone: string): number {
  const parts = offsetFormat(timeZone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the next quota day begins: the next midnight in `timeZone` (a 23- or 25-hour day included). */
export function nextQuotaDayStart(at: Date, timeZone: string): Date {
  const [year, month, day] = quotaDay(at, timeZone).split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, day + 1);
  // The zone's offset at that midnight; asked twice in case the first guess falls across a clock change.
  let start = midnightAsUtc - offsetMs(new Date(midnightAsUtc), timeZone);
  start = midnightAsUtc - offsetMs(new Date(start), timeZone);
  return new Date(start);
}

/** Whole seconds from `at` until the next quota day (at least 1). */
export function secondsUntilNextQuotaDay(at: Date, timeZone: string): number {
  return Math.max(1, Math.ceil((nextQuotaDayStart(at, timeZone).getTime() - at.getTime()) / 1000));
}

export interface QuotaUse {
  family: Family;
  units: number;
  at: Date;
  timeZone: string;
}

/** Adds units to the family's count for the quota day of `at` (one statement, safe from every process at once). */
export async function recordQuotaUnits(sql: Sql, use: QuotaUse): Promise<void> {
  await sql.query(
    `INSERT INTO "LiveQuotaUsage" (family, day, units, "updatedAt")
     VALUES ($1, $2::date, $3, now())
     ON CONFLICT (family, day) DO UPDATE SET units = "LiveQuotaUsage".units + EXCLUDED.units, "updatedAt" = now()`,
    [use.family, quotaDay(use.at, use.timeZone), use.units],
  );
}

/** The units the family spent in the quota day of `at` (0 when none). */
export async function quotaUnitsOn(sql: Sql, family: Family, at: Date, timeZone: string): Promise<number> {
  const { rows } = await sql.query<{ units: number }>(
    `SELECT units FROM "LiveQuotaUsage" WHERE family = $1 AND day = $2::date`,
    [family, quotaDay(at, timeZone)],
  );
  return rows[0]?.units ?? 0;
}
