// How an invoice turns ledger micro-dollars into cents, exactly and once per invoice:
//   total = the lines' micro-dollars + the remainder carried in from the account's last invoice;
//   charged cents = total rounded DOWN to whole cents; the rest (under a cent) is carried out to
//   the next invoice. A total under Stripe's minimum charge ($0.50) is not invoiced: it is
//   carried forward whole. Each line is charged its own floor in cents, and the cents the
//   floors leave over (and the carried remainder) go on one "rounding and carried amounts" line,
//   so the invoice's Stripe lines add up to the charged cents exactly.
export const MICROS_PER_CENT = 10_000n;
/** Stripe's minimum charge in USD. */
export const MINIMUM_CHARGE_CENTS = 50n;

export type LineAmount = { endpoint: string; amountMicros: bigint };

export type InvoiceAmounts = {
  totalMicros: bigint;
  chargedCents: bigint;
  carriedOutMicros: bigint;
  /** Cents per endpoint line, and the adjustment line (>= 0) that makes them add up. */
  lineCents: Map<string, bigint>;
  adjustmentCents: bigint;
};

export function invoiceAmounts(lines: LineAmount[], carriedInMicros: bigint): InvoiceAmounts {
  const linesMicros = lines.reduce((sum, l) => sum + l.amountMicros, 0n);
  const totalMicros = linesMicros + carriedInMicros;
  const rounded = totalMicros / MICROS_PER_CENT;
  const chargedCents = rounded >= MINIMUM_CHARGE_CENTS ? rounded : 0n;
  const carriedOutMicros = totalMicros - chargedCents * MICROS_PER_CENT;
  const lineCents = new Map(lines.map((l) => [l.endpoint, chargedCents > 0n ? l.amountMicros / MICROS_PER_CENT : 0n]));
  const floors = [...lineCents.values()].reduce((sum, c) => sum + c, 0n);
  return { totalMicros, chargedCents, carriedOutMicros, lineCents, adjustmentCents: chargedCents - floors };
}
