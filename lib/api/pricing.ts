// Billing constants from the spec. Prices per endpoint live in the registry.
/** Each endpoint's first 50 billable units per account per calendar month (UTC) are free. */
export const FREE_UNITS_PER_MONTH = 50;
/** get_sentiment=true: +$0.001 per billed unit. */
export const SENTIMENT_SURCHARGE_MICROS = 1000;
