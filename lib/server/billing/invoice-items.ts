import 'server-only';

import { formatCents, formatPrice } from '@/lib/money';
import { db } from '@/lib/db';
import type { Invoice, InvoiceLine } from '@/lib/generated/prisma/client';

import { invoiceAmounts, MICROS_PER_CENT } from './invoice-amounts';

/** One Stripe invoice item of an invoice: its name (in its metadata), amount, and saved id. */
export type PlannedInvoiceItem = {
  name: string;
  cents: bigint;
  description: string;
  metadata: Record<string, string>;
  savedId: string | null;
  save: (stripeItemId: string) => Promise<unknown>;
};

/** "1 request", "2 requests", "4,113 units": a count with its noun, singular or plural. */
const countOf = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** What a line leaves under a cent, named on it: the rounding line and the footer say where it went. */
const fractionNote = (micros: bigint) =>
  micros > 0n ? `; ${formatPrice(micros)} under a cent is counted with the fractions of a cent below` : '';

const describeLine = (l: InvoiceLine, fractionMicros: bigint) =>
  `${l.endpoint}: ${countOf(l.requests, 'request')}, ${countOf(l.units, 'unit')} (${l.freeUnits.toLocaleString('en-US')} free, ${(l.units - l.freeUnits).toLocaleString('en-US')} billable, ${l.sentimentUnits.toLocaleString('en-US')} with sentiment)${fractionNote(fractionMicros)}`;

/**
 * The items an invoice's Stripe draft must hold: a line per endpoint (even one under a cent, so
 * no endpoint's charge disappears), a "Carried from <month>" line for the remainder carried in,
 * and a rounding line of the cents the floors left over. Their cents add up to the invoice's.
 * Each item's amount is what it charges, in cents; no text writes another amount as if charged:
 * a line's fraction of a cent is named as such, and the rounding line says how the fractions
 * split between what it charges and what is carried to the next invoice (also the footer,
 * invoice-document-fields.ts).
 */
export async function plannedInvoiceItems(invoice: Invoice & { lines: InvoiceLine[] }): Promise<PlannedInvoiceItem[]> {
  const amounts = invoiceAmounts(invoice.lines, invoice.carriedInMicros);
  const fraction = (micros: bigint, cents: bigint) => micros - cents * MICROS_PER_CENT;
  const items: PlannedInvoiceItem[] = invoice.lines.map((line) => {
    const cents = amounts.lineCents.get(line.endpoint) ?? 0n;
    return {
      name: line.endpoint,
      cents,
      description: describeLine(line, fraction(line.amountMicros, cents)),
      metadata: { endpoint: line.endpoint },
      savedId: line.stripeInvoiceItem,
      save: (id) =>
        db.invoiceLine.update({
          where: { invoiceId_endpoint: { invoiceId: invoice.id, endpoint: line.endpoint } },
          data: { stripeInvoiceItem: id },
        }),
    };
  });
  if (invoice.carriedInMicros > 0n) {
    const months = await carriedFromMonths(invoice.carriedFromId);
    items.push({
      name: 'carried',
      cents: amounts.carriedInCents,
      description: `Carried from ${months.join(', ') || 'earlier invoices'}: not billed then (under the $0.50 minimum charge, or a fraction of a cent)${fractionNote(fraction(invoice.carriedInMicros, amounts.carriedInCents))}`,
      metadata: { line: 'carried' },
      savedId: invoice.stripeCarryItemId,
      save: (id) => db.invoice.update({ where: { id: invoice.id }, data: { stripeCarryItemId: id } }),
    });
  }
  if (amounts.roundingCents > 0n) {
    const fractions = amounts.roundingCents * MICROS_PER_CENT + invoice.carriedOutMicros;
    const carriedOut =
      invoice.carriedOutMicros > 0n ? `, ${formatPrice(invoice.carriedOutMicros)} carried to the next invoice` : '';
    items.push({
      name: 'rounding',
      cents: amounts.roundingCents,
      description: `Rounding to whole cents: the fractions of a cent of the lines above, ${formatPrice(fractions)} in all: ${formatCents(amounts.roundingCents)} charged here${carriedOut}`,
      metadata: { line: 'rounding' },
      savedId: invoice.stripeRoundingItemId,
      save: (id) => db.invoice.update({ where: { id: invoice.id }, data: { stripeRoundingItemId: id } }),
    });
  }
  return items;
}

/**
 * The months a carried-in remainder comes from: the previous invoice's, and further back through
 * invoices that billed nothing (under the minimum, so they carried everything on).
 */
async function carriedFromMonths(carriedFromId: string | null): Promise<string[]> {
  const months = new Set<string>();
  for (let id = carriedFromId; id; ) {
    const previous = await db.invoice.findUniqueOrThrow({
      where: { id },
      select: { month: true, amountCents: true, carriedInMicros: true, carriedOutMicros: true, carriedFromId: true },
    });
    if (previous.carriedOutMicros > 0n) months.add(previous.month);
    if (previous.amountCents > 0 || previous.carriedInMicros === 0n) break;
    id = previous.carriedFromId;
  }
  return [...months].sort();
}
