// "By month end (estimate)": one number with one meaning on the dashboard, /usage and /billing:
// the current month's calls, all of them (invoiced early or not), carried on
// in a straight line to the month's end. A blocked account projects nothing (its calls are
// refused); a monthly cap bounds the estimate (calls past it are refused). Pure, so tested alone.
import { monthRange } from '@/lib/utc-month';

export type MonthEndEstimateInput = {
  /** The current billing month, "YYYY-MM" (UTC). */
  month: string;
  /** The month's calls so far, micro-dollars (the ledger's month, whatever is already invoiced). */
  spentMicros: bigint | number;
  now: Date;
  /** The account is blocked: no call is served, so no spend is coming. */
  blocked: boolean;
  /** The account's monthly cap, when one applies to this spend. */
  monthlyCapMicros?: bigint | number | null;
};

export type MonthEndEstimate =
  | { kind: 'estimate'; month: string; spentMicros: number; estimateMicros: number; capped: boolean }
  | { kind: 'blocked'; month: string; spentMicros: number };

/** The month's calls at this month's pace by its end, or why there is no estimate. */
export function estimateMonthEnd({
  month,
  spentMicros,
  now,
  blocked,
  monthlyCapMicros = null,
}: MonthEndEstimateInput): MonthEndEstimate {
  const spent = Number(spentMicros);
  if (blocked) return { kind: 'blocked', month, spentMicros: spent };
  const [start, end] = monthRange(month);
  const elapsed = Math.min(end.getTime() - start.getTime(), Math.max(1, now.getTime() - start.getTime()));
  const straight = Math.floor((spent * (end.getTime() - start.getTime())) / elapsed);
  const cap = monthlyCapMicros === null ? null : Number(monthlyCapMicros);
  const capped = cap !== null && straight > cap;
  return {
    kind: 'estimate',
    month,
    spentMicros: spent,
    estimateMicros: capped ? Math.max(cap, spent) : straight,
    capped,
  };
}
