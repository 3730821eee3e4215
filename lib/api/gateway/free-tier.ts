// Free units held up front by an account without a payment method, so that concurrent calls
// cannot together return more free pages than remain. The hold is released when the call's
// record is written (usage-recorder.ts) or, if the call fails before that, by releaseFree.
// A hold older than HOLD_LEASE_MINUTES (longer than any request can live) is void: that is
// how holds of a crashed process stop counting.
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH } from '../pricing';

const HOLD_LEASE_MINUTES = 5;

export async function reserveFree(
  pool: pg.Pool,
  options: { accountId: string; endpoint: string; month: string; wanted: number },
): Promise<number> {
  const { accountId, endpoint, month, wanted } = options;
  await pool.query(
    `INSERT INTO "UsageMonthly" ("accountId", "endpoint", "month") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [accountId, endpoint, month],
  );
  const { rows } = await pool.query(
    `WITH cur AS (
       SELECT "freeUnits",
              CASE WHEN "reservedAt" < (now() AT TIME ZONE 'UTC') - interval '${HOLD_LEASE_MINUTES} minutes'
                   THEN 0 ELSE "reservedFree" END AS held
       FROM "UsageMonthly" WHERE "accountId" = $1 AND "endpoint" = $2 AND "month" = $3 FOR UPDATE),
     g AS (SELECT held, LEAST($4::int, GREATEST(0, $5::int - "freeUnits" - held)) AS n FROM cur)
     UPDATE "UsageMonthly" m
       SET "reservedFree" = g.held + g.n,
           "reservedAt" = CASE WHEN g.n > 0 THEN now() AT TIME ZONE 'UTC' ELSE m."reservedAt" END
     FROM g WHERE m."accountId" = $1 AND m."endpoint" = $2 AND m."month" = $3
     RETURNING g.n`,
    [accountId, endpoint, month, wanted, FREE_UNITS_PER_MONTH],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Gives back a hold that no record will consume. */
export async function releaseFree(
  pool: pg.Pool,
  options: { accountId: string; endpoint: string; month: string; units: number },
): Promise<void> {
  if (options.units <= 0) return;
  await pool.query(
    `UPDATE "UsageMonthly" SET "reservedFree" = GREATEST(0, "reservedFree" - $4)
     WHERE "accountId" = $1 AND "endpoint" = $2 AND "month" = $3`,
    [options.accountId, options.endpoint, options.month, options.units],
  );
}
