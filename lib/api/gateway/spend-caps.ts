// Spending caps: an account may set a daily and a monthly cap (UTC). Before the platform is asked,
// a call of a capped account holds its largest possible cost beyond the free units it holds
// (holds.ts, reserve_call in prisma/functions.sql); a call whose hold would take the day's or the
// month's spend, counting every call in flight on every process and instance, past a cap is
// refused with 429 daily_limit_exceeded or monthly_limit_exceeded and Retry-After until the next
// UTC midnight or month, billed nothing. A call costs at most what it held, so the spend never
// passes a cap (unless the cap is lowered, or set, while calls are in flight). A key's own monthly
// limit is held the same way, in the same reservation, and refused with 429 key_limit_exceeded.
import { formatAmount } from '@/lib/money';
import { ApiError } from '../errors';
import type { EndpointDefinition } from '../registry/types';
import { SENTIMENT_SURCHARGE_MICROS } from '../pricing';
import { monthStart } from '@/lib/utc-month';
import type { CallerAccount } from './auth-directory';

function secondsUntil(next: Date, now: Date): string {
  return String(Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)));
}

/** The 429 for a call refused by `cap`, at the call's moment `at` (`keyLimitMicros`: the key's own limit). */
export function capRefusal(
  cap: 'daily_limit_exceeded' | 'monthly_limit_exceeded' | 'key_limit_exceeded',
  account: CallerAccount,
  at: Date,
  keyLimitMicros: number | null = null,
): ApiError {
  if (cap === 'daily_limit_exceeded') {
    const midnight = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
    return new ApiError(
      'daily_limit_exceeded',
      `This call could take today's spend past your daily cap of ${formatAmount(account.dailyCapMicros ?? 0)} (UTC day). Raise the cap in the console, or retry after midnight UTC.`,
      { 'retry-after': secondsUntil(midnight, at) },
    );
  }
  const nextMonth = monthStart(at, 1);
  if (cap === 'key_limit_exceeded') {
    return new ApiError(
      'key_limit_exceeded',
      `This call could take this API key's spend this month past its monthly limit of ${formatAmount(keyLimitMicros ?? 0)}. Raise the key's limit in the console, use another key, or retry next month (UTC).`,
      { 'retry-after': secondsUntil(nextMonth, at) },
    );
  }
  return new ApiError(
    'monthly_limit_exceeded',
    `This call could take this month's spend past your monthly cap of ${formatAmount(account.monthlyCapMicros ?? 0)}. Raise the cap in the console, or retry next month (UTC).`,
    { 'retry-after': secondsUntil(nextMonth, at) },
  );
}

/** What one billed unit of a call costs: the endpoint's price, with the sentiment surcharge if asked. */
export function unitCostMicros(endpoint: EndpointDefinition, sentiment: boolean): number {
  return endpoint.priceMicros + (sentiment ? SENTIMENT_SURCHARGE_MICROS : 0);
}
