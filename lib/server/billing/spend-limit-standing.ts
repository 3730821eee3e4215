// What the spending caps and the keys' monthly limits do to calls right now, for the dashboard's
// standing: a limit refuses every call past the free tier once what is left
// under it is less than the cheapest such call; once it has refused a call this period (a cap's
// SpendingCapReached row) it is reached, and refuses the calls whose largest cost is more than what
// is left (lib/api/gateway/spend-caps.ts holds each call's largest cost); from 80 % on it is near.
// Either way, until the next UTC day (the daily cap) or month (the monthly cap, a key's limit).
// Pure, so the words' facts are tested here; the dashboard reads the spend (get-dashboard-overview.ts).
import { monthStart } from '@/lib/utc-month';

type SpendLimitFacts = {
  limitMicros: bigint | number | null;
  spentMicros: bigint | number;
  /** A call was refused for this limit (at this amount) in this period. */
  refusedOnce?: boolean;
};

export type SpendLimitStandingInput = {
  now: Date;
  /** Caps and key limits hold back only billed calls: an account without a payment method has none. */
  billed: boolean;
  /** The cheapest call past the free tier (one unit of the cheapest paid endpoint), micro-dollars. */
  cheapestCallMicros: number;
  daily: SpendLimitFacts;
  monthly: SpendLimitFacts;
  keys: (SpendLimitFacts & { label: string })[];
};

export type SpendLimitState = {
  limit: 'daily_cap' | 'monthly_cap' | 'key_limit';
  /** The error code the refused calls get. */
  code: 'daily_limit_exceeded' | 'monthly_limit_exceeded' | 'key_limit_exceeded';
  /** The key, for a key's limit. */
  keyLabel: string | null;
  /**
   * refusing: every call past the free tier; reached: it refused a call, and refuses those that
   * could cost more than what is left; near: 80 % spent, and the same calls would be refused.
   */
  state: 'refusing' | 'reached' | 'near';
  spentMicros: number;
  limitMicros: number;
  leftMicros: number;
  /** When the limit's period ends and calls are served again, ISO 8601 (UTC). */
  until: string;
};

/** The caps and key limits that refuse some or every billed call now, the ones refusing all first. */
export function spendLimitStanding({
  now,
  billed,
  cheapestCallMicros,
  daily,
  monthly,
  keys,
}: SpendLimitStandingInput): SpendLimitState[] {
  if (!billed) return [];
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
  const nextMonth = monthStart(now, 1).toISOString();
  type Limit = Pick<SpendLimitState, 'limit' | 'code' | 'keyLabel' | 'until'> & SpendLimitFacts;
  const all: Limit[] = [
    { limit: 'daily_cap', code: 'daily_limit_exceeded', keyLabel: null, until: tomorrow, ...daily },
    { limit: 'monthly_cap', code: 'monthly_limit_exceeded', keyLabel: null, until: nextMonth, ...monthly },
    ...keys.map(
      ({ label, ...facts }): Limit => ({
        limit: 'key_limit',
        code: 'key_limit_exceeded',
        keyLabel: label,
        until: nextMonth,
        ...facts,
      }),
    ),
  ];
  const states: SpendLimitState[] = [];
  for (const { limitMicros, spentMicros, refusedOnce = false, ...rest } of all) {
    if (limitMicros === null) continue;
    const limit = Number(limitMicros);
    const spent = Number(spentMicros);
    const left = Math.max(0, limit - spent);
    const state =
      left < cheapestCallMicros ? 'refusing' : refusedOnce ? 'reached' : spent * 100 >= limit * 80 ? 'near' : null;
    if (state) states.push({ ...rest, state, spentMicros: spent, limitMicros: limit, leftMicros: left });
  }
  const order = { refusing: 0, reached: 1, near: 2 };
  return states.sort((a, b) => order[a.state] - order[b.state]);
}
