// What a call holds before the platform is asked, so that calls in flight together, on any process
// or instance, cannot use more than there is (reserve_call in prisma/functions.sql, one round trip):
// - free units, for accounts without a payment method (concurrent calls cannot together return
//   more free pages than remain) and for accounts with a spending cap (a call the free tier
//   covers costs nothing, so no cap refuses it);
// - for an account with a spending cap or a key with a monthly limit, the largest cost of the rest of the call (every unit it
//   asked for beyond its free ones billed, with the sentiment surcharge), refused with 429 when
//   the day's or the month's spend plus every call's hold would pass a cap.
// record_usage consumes both in the transaction that bills the call; releaseCall gives them back
// when the call fails before that. Holds older than 5 minutes (longer than any request can live)
// no longer count: that is how holds of a crashed process end.
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH } from '../pricing';

export interface CallHold {
  /** Free units held for this call (it may return at most these free, without a payment method). */
  freeUnits: number;
  /** Free units of the endpoint used this month before this call (held ones not counted). */
  freeUsed: number;
  /** Micro-dollars held under the account's caps (0 without caps, or when the free units cover the call). */
  spendMicros: number;
  /** The cap that refused the call (nothing is held then); key_limit_exceeded: the key's own monthly limit. */
  refused: 'daily_limit_exceeded' | 'monthly_limit_exceeded' | 'key_limit_exceeded' | null;
}

const RESERVE_SQL = {
  name: 'reserve_call',
  text: 'SELECT free_held, free_used, spend_held, refused FROM reserve_call($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $12)',
};

export async function reserveCall(
  pool: pg.Pool,
  options: {
    /** The call's request id: its spend hold's id, which record_usage deletes. */
    id: string;
    accountId: string;
    endpoint: string;
    month: string;
    /** The call's UTC day, "YYYY-MM-DD" (of the same moment as `month`). */
    day: string;
    /** Units the call asked for. */
    wanted: number;
    /** The price of one billed unit (with the sentiment surcharge if asked), for the spend hold. */
    unitMicros: number;
    dailyCapMicros: number | null;
    monthlyCapMicros: number | null;
    /** The calling key, and its own monthly limit (null: none). */
    keyId: string;
    keyLimitMicros: number | null;
  },
): Promise<CallHold> {
  const o = options;
  const { rows } = await pool.query({
    ...RESERVE_SQL,
    values: [
      o.id,
      o.accountId,
      o.endpoint,
      o.month,
      o.day,
      o.wanted,
      FREE_UNITS_PER_MONTH,
      o.unitMicros,
      o.dailyCapMicros,
      o.monthlyCapMicros,
      o.keyId,
      o.keyLimitMicros,
    ],
  });
  const row = rows[0];
  return {
    freeUnits: row.free_held,
    freeUsed: row.free_used,
    spendMicros: Number(row.spend_held),
    refused: row.refused,
  };
}

/** Gives back a call's holds that no record will consume. */
export async function releaseCall(
  pool: pg.Pool,
  options: { id: string; accountId: string; endpoint: string; month: string; freeUnits: number },
): Promise<void> {
  await pool.query('SELECT release_call($1, $2, $3, $4, $5)', [
    options.id,
    options.accountId,
    options.endpoint,
    options.month,
    options.freeUnits,
  ]);
}
