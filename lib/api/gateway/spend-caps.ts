// Spending caps: an account may set a daily and a monthly cap (UTC). A call whose largest
// possible cost would take the spend past one is refused with 429 daily_limit_exceeded or
// monthly_limit_exceeded and Retry-After until the next UTC midnight or month, billed nothing.
//
// No query per request: every billing write (record_usage) answers with the account's spend
// after its batch, and this process keeps the latest it has seen per account. Only the first
// capped call of an account in a process reads the spend once. The bound: calls already in
// flight, on this instance or others, are not counted until they are billed, so the spend can
// pass a cap by at most what those calls cost (at most 10 per endpoint per account).
import type pg from 'pg';
import { ApiError } from '../errors';
import type { EndpointDefinition } from '../registry/types';
import { billingMonth, SENTIMENT_SURCHARGE_MICROS } from '../pricing';
import type { AccountStanding } from './auth-directory';

type Spend = { day: string; dayMicros: number; month: string; monthMicros: number };

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

function secondsUntil(next: Date, now: Date): string {
  return String(Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000)));
}

export class SpendTracker {
  private readonly spend = new Map<string, Spend>();

  constructor(private readonly pool: pg.Pool) {}

  /** What record_usage reported for an account; the later (larger) figure wins. */
  observe(accountId: string, at: Date, dayMicros: number, monthMicros: number): void {
    const day = utcDay(at);
    const month = billingMonth(at);
    const known = this.spend.get(accountId);
    if (known && known.day === day && known.month === month) {
      known.dayMicros = Math.max(known.dayMicros, dayMicros);
      known.monthMicros = Math.max(known.monthMicros, monthMicros);
    } else {
      if (this.spend.size > 100_000) this.spend.clear();
      this.spend.set(accountId, { day, dayMicros, month, monthMicros });
    }
  }

  private async current(accountId: string, now: Date): Promise<Spend> {
    const day = utcDay(now);
    const month = billingMonth(now);
    const known = this.spend.get(accountId);
    if (known && known.day === day && known.month === month) return known;
    const { rows } = await this.pool.query(
      `SELECT (SELECT COALESCE(SUM("amountMicros"), 0) FROM "UsageDaily" WHERE "accountId" = $1 AND "day" = $2::date) AS day,
              (SELECT COALESCE(SUM("amountMicros"), 0) FROM "UsageMonthly" WHERE "accountId" = $1 AND "month" = $3) AS month`,
      [accountId, day, month],
    );
    this.observe(accountId, now, Number(rows[0].day), Number(rows[0].month));
    return this.spend.get(accountId)!;
  }

  /** Throws the 429 when a call costing up to `maxCostMicros` could pass one of the account's caps. */
  async check(accountId: string, account: AccountStanding, maxCostMicros: number, now = new Date()): Promise<void> {
    if (account.dailyCapMicros === null && account.monthlyCapMicros === null) return;
    const spend = await this.current(accountId, now);
    if (account.dailyCapMicros !== null && spend.dayMicros + maxCostMicros > account.dailyCapMicros) {
      const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
      throw new ApiError('daily_limit_exceeded', `This call could take today's spend past your daily cap of $${(account.dailyCapMicros / 1e6).toFixed(2)} (UTC day). Raise the cap in the console, or retry after midnight UTC.`, { 'retry-after': secondsUntil(midnight, now) });
    }
    if (account.monthlyCapMicros !== null && spend.monthMicros + maxCostMicros > account.monthlyCapMicros) {
      const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
      throw new ApiError('monthly_limit_exceeded', `This call could take this month's spend past your monthly cap of $${(account.monthlyCapMicros / 1e6).toFixed(2)}. Raise the cap in the console, or retry next month (UTC).`, { 'retry-after': secondsUntil(nextMonth, now) });
    }
  }
}

/** The most a call can cost: every unit it asked for billed, with the sentiment surcharge. */
export function maxCostMicros(endpoint: EndpointDefinition, units: number, sentiment: boolean): number {
  return units * (endpoint.priceMicros + (sentiment ? SENTIMENT_SURCHARGE_MICROS : 0));
}
