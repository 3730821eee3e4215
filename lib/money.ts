// Money as everyone reads it (console, mail, API error texts, the operator's console, docs), one
// rule, exactly, from integers only:
//   - dollars with thousands separators and at least two decimals: $1,234.56, $0.60, $0.00;
//   - more decimals only where the amount has them, up to micro-dollars: unit prices $0.003 and
//     $0.0005, a month's $0.066, a carried remainder $0.004321;
//   - a minus sign before the dollar sign: -$0.25.
// Form inputs hold plain decimals ("12.50", microsToDollarInput); the usage CSV keeps six fixed
// decimals for spreadsheets (stream-usage-csv.ts).

/** Micro-dollars (1,000,000 = $1) as the console shows them: "$1,234.56", "$0.003". */
export function formatMicros(micros: bigint | number): string {
  const value = BigInt(micros);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const dollars = abs / 1_000_000n;
  const fraction = String(abs % 1_000_000n)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${negative ? '-' : ''}$${dollars.toLocaleString('en-US')}.${fraction.padEnd(2, '0')}`;
}

/** Whole cents (Stripe's amounts) by the same rule: 123456 → "$1,234.56". */
export function formatCents(cents: bigint | number): string {
  return formatMicros(BigInt(cents) * 10_000n);
}

/** A dollar amount for a form's input: 12_500_000n → "12.50"; more decimals only when it has them. */
export function microsToDollarInput(micros: bigint | number | null): string {
  return micros === null ? '' : formatMicros(micros).replace('$', '').replaceAll(',', '');
}
