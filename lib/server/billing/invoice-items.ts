import 'server-only';

import { formatMicros } from '@/lib/money';
import { db } from '@/lib/db';
import type { Invoice, InvoiceLine } from '@/lib/generated/prisma/client';

import { invoiceAmounts } from './invoice-amounts';

/** One Stripe invoice item of an invoice: its name (in its metadata), amount, and saved id. */
export type PlannedInvoiceItem = {
  name: string;
  cents: bigint;
  description: string;
  metadata: Record<string, string>;
  savedId: string | null;
  save: (stripeItemId: string) => Promise<unknown>;
};

const describeLine = (l: InvoiceLine) =>
  `${l.endpoint}: ${l.requests} requests, ${l.units} units (${l.freeUnits} free, ${l.units - l.freeUnits} billable, ${l.sentimentUnits} with sentiment), ${formatMicros(l.amountMicros)}`;

/**
 * The items an invoice's Stripe draft must hold: a line per endpoint (even one under a cent, so
 * no endpoint's charge disappears), a "Carried from <month>" line for the remainder carried in,
 * and a rounding line of the cents the floors left over. Their cents add up to the invoice's.
 */
export async function plannedInvoiceItems(invoice: Invoice & { lines: InvoiceLine[] }): Promise<PlannedInvoiceItem[]> {
  const amounts = invoiceAmounts(invoice.lines, invoice.carriedInMicros);
  const items: PlannedInvoiceItem[] = invoice.lines.map((line) => ({
    name: line.endpoint,
    cents: amounts.lineCents.get(line.endpoint) ?? 0n,
    description: describeLine(line),
    metadata: { endpoint: line.endpoint },
    savedId: line.stripeInvoiceItem,
    save: (id) =>
      db.invoiceLine.update({
        where: { invoiceId_endpoint: { invoiceId: invoice.id, endpoint: line.endpoint } },
        data: { stripeInvoiceItem: id },
      }),
  }));
  if (invoice.carriedInMicros > 0n) {
    const months = await carriedFromMonths(invoice.carriedFromId);
    items.push({
      name: 'carried',
      cents: amounts.carriedInCents,
      description: `Carried from ${months.join(', ') || 'earlier invoices'}: ${formatMicros(invoice.carriedInMicros)} not billed then (under the $0.50 minimum charge, or a fraction of a cent)`,
      metadata: { line: 'carried' },
      savedId: invoice.stripeCarryItemId,
      save: (id) => db.invoice.update({ where: { id: invoice.id }, data: { stripeCarryItemId: id } }),
    });
  }
  if (amounts.roundingCents > 0n) {
    const carriedOut =
      invoice.carriedOutMicros > 0n
        ? `, less ${formatMicros(invoice.carriedOutMicros)} carried to the next invoice`
        : '';
    items.push({
      name: 'rounding',
      cents: amounts.roundingCents,
      description: `Rounding to whole cents: the fractions of a cent of the lines above${carriedOut}`,
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
