// Billing constants from the spec. Prices per endpoint live in the registry.
/** Each endpoint's first 50 billable units per account per calendar month (UTC) are free. */
export const FREE_UNITS_PER_MONTH = 50;
/** get_sentiment=true: +$0.001 per billed unit. */
export const SENTIMENT_SURCHARGE_MICROS = 1000;

/** The last month computed and its bounds (ms): every call asks, nearly always in the same month. */
let known = { month: '', from: 0, until: 0 };

/** The billing month of a moment, "YYYY-MM" in UTC. */
export function billingMonth(at: Date | number = Date.now()): string {
  const t = typeof at === 'number' ? at : at.getTime();
  if (t < known.from || t >= known.until) {
    const d = new Date(t);
    known = {
      month: d.toISOString().slice(0, 7),
      from: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1),
      until: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1),
    };
  }
  return known.month;
}
