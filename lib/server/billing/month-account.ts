// What the account owes that no invoice has charged yet, as parts that add up to the total shown
// (the billing page and the console home read it; pure, so the words are tested here):
//   - the current month's calls that no invoice has billed yet;
//   - calls of a past month still to be invoiced (made after its close, or a close not finished:
//     the daily sweep invoices them, close-unclosed-months.ts);
//   - a remainder carried from an earlier invoice: an invoice under Stripe's $0.50 minimum is not
//     charged and carries its whole amount on; a charged one carries its fraction of a cent.
import { formatCarried, formatCents } from '@/lib/money';
import { MINIMUM_CHARGE_CENTS } from '@/lib/server/billing/invoice-amounts';

/** The remainder at the head of the account's carry chain. */
export type CarriedRemainder = {
  micros: bigint;
  /** The months of the invoices it comes from, oldest first. */
  months: string[];
  /** True when it was not charged for being under the minimum (else: a fraction of a cent). */
  underMinimum: boolean;
};

export type MonthAccountInput = {
  /** The current billing month, "YYYY-MM" (UTC). */
  month: string;
  /** The current month's calls not yet invoiced. */
  thisMonthMicros: bigint;
  /** Past months' calls not yet invoiced, oldest first. */
  pastMonths: { month: string; micros: bigint }[];
  carried: CarriedRemainder | null;
};

type MonthAccountPart = { kind: 'this_month' | 'past_month' | 'carried'; label: string; micros: bigint };

export type MonthAccount = {
  parts: MonthAccountPart[];
  totalMicros: bigint;
  /** Why an amount is carried, with the amount (carriedSentence), or null when nothing is. */
  carriedNote: string | null;
  /** carriedNote and, when the total is under the $0.50 minimum, that it would be carried again; or null. */
  minimumNote: string | null;
};

export const MINIMUM_CHARGE_TEXT = formatCents(MINIMUM_CHARGE_CENTS);

const listMonths = (months: string[]) =>
  months.length > 1 ? `${months.slice(0, -1).join(', ')} and ${months.at(-1)}` : (months[0] ?? 'an earlier month');

/** The sentence that says why an amount is carried, with the amount. */
function carriedSentence(carried: CarriedRemainder): string {
  const amount = formatCarried(carried.micros);
  const from = listMonths(carried.months);
  return carried.underMinimum
    ? `Stripe cannot charge less than ${MINIMUM_CHARGE_TEXT}, so ${amount} from ${from} was not charged and is carried to your next invoice.`
    : `Invoices charge whole cents, so the ${amount} left over from ${from} is carried to your next invoice.`;
}

/** The parts (the current month always, the others when they hold an amount) and their total. */
export function buildMonthAccount({ month, thisMonthMicros, pastMonths, carried }: MonthAccountInput): MonthAccount {
  const parts: MonthAccountPart[] = [
    { kind: 'this_month', label: `Calls in ${month} still to be invoiced`, micros: thisMonthMicros },
  ];
  for (const past of pastMonths) {
    if (past.micros > 0n)
      parts.push({ kind: 'past_month', label: `Calls in ${past.month} still to be invoiced`, micros: past.micros });
  }
  if (carried && carried.micros > 0n) {
    parts.push({
      kind: 'carried',
      label: `Carried from ${listMonths(carried.months)}${carried.underMinimum ? ` (under the ${MINIMUM_CHARGE_TEXT} minimum)` : ' (fractions of a cent)'}`,
      micros: carried.micros,
    });
  }
  const totalMicros = parts.reduce((sum, p) => sum + p.micros, 0n);
  const carriedNote = carried && carried.micros > 0n ? carriedSentence(carried) : null;
  const underMinimum = totalMicros > 0n && totalMicros < MINIMUM_CHARGE_CENTS * 10_000n;
  const notes = [
    carriedNote,
    underMinimum ? `A total still under ${MINIMUM_CHARGE_TEXT} when the month closes is carried again.` : null,
  ].filter((n) => n !== null);
  return { parts, totalMicros, carriedNote, minimumNote: notes.length ? notes.join(' ') : null };
}
