// Billing constants from the spec. Prices per endpoint live in the registry.
/** Each endpoint's first 50 billable units per account per calendar month (UTC) are free. */
export const FREE_UNITS_PER_MONTH = 50;
/** get_sentiment=true: +$0.001 per billed unit. */
export const SENTIMENT_SURCHARGE_MICROS = 1000;

/** The billing month of a moment, "YYYY-MM" in UTC. */
export function billingMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}
