// Money as the customer reads it, one rule (docs/billing.md, "What the customer reads"), from
// integers only, in two formats and nothing else:
//   - an amount of money (spend, a total, an invoice, a cap, what is due): whole cents, with
//     thousands separators: $1,234.56, $0.60, $0.00 (formatAmount, formatCents);
//   - a price (an endpoint's unit price, one call's cost, a fraction of a cent carried to the next
//     invoice): to the tenth of a cent, three decimals: $0.003, $0.024 (formatPrice).
// Every price is a whole number of tenths of a cent (lib/api/registry), so a call's cost is too.
// A minus sign goes before the dollar sign: -$0.25. Form inputs hold plain decimals
// (microsToDollarInput); the usage CSV keeps six fixed decimals for spreadsheets (stream-usage-csv.ts).

const MICROS_PER_CENT = 10_000n;
const MICROS_PER_TENTH_CENT = 1_000n;

/** Rounds to a multiple of `step`, halves away from zero (what a person expects of $0.005 → $0.01). */
function roundTo(value: bigint, step: bigint): bigint {
  const abs = value < 0n ? -value : value;
  const rounded = ((abs + step / 2n) / step) * step;
  return value < 0n ? -rounded : rounded;
}

/** Micro-dollars with exactly `decimals` decimals (2 or 3), already rounded to them. */
function write(micros: bigint, decimals: 2 | 3): string {
  const negative = micros < 0n;
  const abs = negative ? -micros : micros;
  const dollars = abs / 1_000_000n;
  const fraction = String(abs % 1_000_000n)
    .padStart(6, '0')
    .slice(0, decimals);
  return `${negative ? '-' : ''}$${dollars.toLocaleString('en-US')}.${fraction}`;
}

/** An amount of money in whole cents: 968_164 micro-dollars → "$0.97", 1_234_560_000 → "$1,234.56". */
export function formatAmount(micros: bigint | number): string {
  return write(roundTo(BigInt(micros), MICROS_PER_CENT), 2);
}

/** Whole cents (Stripe's amounts): 123456 → "$1,234.56". */
export function formatCents(cents: bigint | number): string {
  return write(BigInt(cents) * MICROS_PER_CENT, 2);
}

/** A price to the tenth of a cent: 3_000 → "$0.003", 24_000 → "$0.024", 120_000 → "$0.120". */
export function formatPrice(micros: bigint | number): string {
  return write(roundTo(BigInt(micros), MICROS_PER_TENTH_CENT), 3);
}

/** The formats above, as a test reads a page: an amount ("$1,234.56") or a price ("$0.003"). */
export const AMOUNT_PATTERN = /^-?\$\d{1,3}(,\d{3})*\.\d{2}$/;
export const PRICE_PATTERN = /^-?\$\d{1,3}(,\d{3})*\.\d{3}$/;

/** A dollar amount for a form's input: 12_500_000n → "12.50"; more decimals only when it has them. */
export function microsToDollarInput(micros: bigint | number | null): string {
  return micros === null ? '' : formatMicros(micros).replace('$', '').replaceAll(',', '');
}

/**
 * Micro-dollars to their last digit ("$0.004321"): only for the operator's command line and texts
 * other parts of the product still write this way (the API's cap refusals); the console, its
 * mail, invoices and the docs use formatAmount, formatCents and formatPrice.
 */
export function formatMicros(micros: bigint | number): string {
  const value = BigInt(micros);
  const abs = value < 0n ? -value : value;
  const fraction = String(abs % 1_000_000n)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${value < 0n ? '-' : ''}$${(abs / 1_000_000n).toLocaleString('en-US')}.${fraction.padEnd(2, '0')}`;
}

/** An amount carried to the next invoice: a fraction of a cent as a price ("$0.008"), more as an amount. */
export function formatCarried(micros: bigint | number): string {
  const value = BigInt(micros);
  return (value < 0n ? -value : value) < MICROS_PER_CENT ? formatPrice(value) : formatAmount(value);
}
