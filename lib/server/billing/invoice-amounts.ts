// How an invoice turns ledger micro-dollars into cents, exactly and once per invoice:
//   total = the lines' micro-dollars + the remainder carried in from the account's previous invoice;
//   charged cents = total rounded DOWN to whole cents; the rest (under a cent) is carried out to
//   the next invoice. A total under Stripe's minimum charge ($0.50) is not invoiced: it is
//   carried forward whole. On the invoice each endpoint line is charged its own floor in cents,
//   the carried-in amount its floor on a "Carried from <month>" line, and a rounding line holds
//   only what those floors left over (a few cents at most: under one per line), so the Stripe
//   lines add up to the charged cents exactly and no line's charge hides in another.
export const MICROS_PER_CENT = 10_000n;
/** Stripe's minimum charge in USD. */
export const MINIMUM_CHARGE_CENTS = 50n;

export type LineAmount = { endpoint: string; amountMicros: bigint };

export type InvoiceAmounts = {
  totalMicros: bigint;
  chargedCents: bigint;
  carriedOutMicros: bigint;
  /** Cents per endpoint line, the carried-in line's, and the rounding line (>= 0) that makes them add up. */
  lineCents: Map<string, bigint>;
  carriedInCents: bigint;
  roundingCents: bigint;
};

export function invoiceAmounts(lines: LineAmount[], carriedInMicros: bigint): InvoiceAmounts {
  const linesMicros = lines.reduce((sum, l) => sum + l.amountMicros, 0n);
  const totalMicros = linesMicros + carriedInMicros;
  const rounded = totalMicros / MICROS_PER_CENT;
  const chargedCents = rounded >= MINIMUM_CHARGE_CENTS ? rounded : 0n;
  const carriedOutMicros = totalMicros - chargedCents * MICROS_PER_CENT;
  const charged = chargedCents > 0n;
  const lineCents = new Map(lines.map((l) => [l.endpoint, charged ? l.amountMicros / MICROS_PER_CENT : 0n]));
  const carriedInCents = charged ? carriedInMicros / MICROS_PER_CENT : 0n;
  const floors = [...lineCents.values()].reduce((sum, c) => sum + c, 0n) + carriedInCents;
  return {
    totalMicros,
    chargedCents,
    carriedOutMicros,
    lineCents,
    carriedInCents,
    roundingCents: chargedCents - floors,
  };
}
