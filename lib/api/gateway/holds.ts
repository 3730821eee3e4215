// What a call holds before the platform is asked, so that calls in flight together, on any process
// or instance, cannot use more than there is (reserve_call in prisma/functions.sql, one round trip),
// as one row per call ("CallHold", id the request id):
// - free units, for accounts without a payment method (concurrent calls cannot together return
//   more free pages than remain) and for accounts with a spending cap or a key limit (a call the
//   free tier covers costs nothing, so no cap refuses it);
// - for an account with a spending cap or a key with a monthly limit, the largest cost of the rest
//   of the call (every unit it asked for beyond its free ones billed, with the sentiment
//   surcharge), refused with 429 when the day's or the month's spend plus every call's hold would
//   pass a cap, or the spend of the key's roll lineage plus its holds would pass the key's limit;
// - for a prepaid account, the largest cost of the rest of the call, refused with 402
//   insufficient_credits when it passes the credit balance less every live hold of the account
//   (so calls in flight together never draw more than the balance).
// record_usage consumes the hold in the transaction that bills the call; releaseCall gives it back
// when the call fails before that (both by call id: a second release changes nothing). A hold ends
// at its lease (hold-lease.ts: longer than any call of the process lives): that is how the holds
// of a killed process end, each on its own.
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH } from '../pricing';

export interface CallHold {
  /** Free units held for this call (it may return at most these free, without a payment method). */
  freeUnits: number;
  /** Free units of the endpoint used this month before this call (held ones not counted). */
  freeUsed: number;
  /** Micro-dollars held under the account's caps (0 without caps, or when the free units cover the call). */
  spendMicros: number;
  /** The cap that refused the call (nothing is held then); key_limit_exceeded: the key's own monthly
   * limit; insufficient_credits: a prepaid account's balance. */
  refused: 'daily_limit_exceeded' | 'monthly_limit_exceeded' | 'key_limit_exceeded' | 'insufficient_credits' | null;
  /** A prepaid account's credit balance less live holds, before this call's hold (null otherwise). */
  creditsLeftMicros: number | null;
}

const RESERVE_SQL = {
  name: 'reserve_call',
  text: 'SELECT free_held, free_used, spend_held, refused, credits_left FROM reserve_call($1, $2, $3, $4, $5::date, $6::timestamp, $7, $8, $9, $10, $11, $12, $13, $14, $15)',
};

export async function reserveCall(
  pool: pg.Pool,
  options: {
    /** The call's request id: its hold's id, which record_usage (or releaseCall) deletes. */
    id: string;
    accountId: string;
    endpoint: string;
    month: string;
    /** The call's moment: its UTC day and the hold's start come from it (as `month` does). */
    at: Date;
    /** How long the hold lasts (hold-lease.ts). */
    leaseMs: number;
    /** Units the call asked for. */
    wanted: number;
    /** The price of one billed unit (with the sentiment surcharge if asked), for the spend hold. */
    unitMicros: number;
    dailyCapMicros: number | null;
    monthlyCapMicros: number | null;
    /** The calling key, and its own monthly limit (null: none). */
    keyId: string;
    keyLimitMicros: number | null;
    /** Hold the call's cost against the account's prepaid credits. */
    prepaid?: boolean;
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
      o.at.toISOString().slice(0, 10),
      o.at.toISOString().slice(0, 23),
      o.leaseMs,
      o.wanted,
      FREE_UNITS_PER_MONTH,
      o.unitMicros,
      o.dailyCapMicros,
      o.monthlyCapMicros,
      o.keyId,
      o.keyLimitMicros,
      o.prepaid === true,
    ],
  });
  const row = rows[0];
  return {
    freeUnits: row.free_held,
    freeUsed: row.free_used,
    spendMicros: Number(row.spend_held),
    refused: row.refused,
    creditsLeftMicros: row.credits_left === null ? null : Number(row.credits_left),
  };
}

/** Gives back the hold of a call that no record will consume; once or more, the same. */
export async function releaseCall(
  pool: pg.Pool,
  options: { id: string; accountId: string; endpoint: string; month: string },
): Promise<void> {
  await pool.query('SELECT release_call($1, $2, $3, $4)', [
    options.id,
    options.accountId,
    options.endpoint,
    options.month,
  ]);
}
