// The invoice PDF the hosted invoice links to, made with pdf-lib: the invoice's number, its custom
// fields, status, dates, customer, every line with its period and amount, the totals (subtotal,
// total, paid, remaining) and its footer, over as many A4 pages as the lines need.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { StripeObject as Obj } from './store';

const money = (cents: unknown) => `$${(Number(cents) / 100).toFixed(2)}`;
const day = (unix: unknown) =>
  typeof unix === 'number' && unix > 0 ? new Date(unix * 1000).toISOString().slice(0, 10) : '-';
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** Text the standard fonts can draw (WinAnsi): other characters become '?'. */
const printable = (text: unknown) =>
  String(text ?? '').replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u20ac]/g, '?');

type Line = { description?: unknown; amount?: unknown; period?: { start?: number; end?: number } };

/** The lines' service period (earliest start to latest end), as the invoice covers it. */
function servicePeriod(invoice: Obj, lines: Line[]): string {
  const starts = lines.map((l) => l.period?.start).filter((v): v is number => typeof v === 'number');
  const ends = lines.map((l) => l.period?.end).filter((v): v is number => typeof v === 'number');
  if (starts.length && ends.length) return `${day(Math.min(...starts))} to ${day(Math.max(...ends))}`;
  return `${day(invoice.period_start)} to ${day(invoice.period_end)}`;
}

export async function invoicePdf(invoice: Obj, now: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const number = String(invoice.number ?? invoice.id);
  doc.setTitle(`Invoice ${number}`);
  doc.setProducer('Stripe emulator (test mode)');
  doc.setCreationDate(new Date(now * 1000));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const lines = ((invoice.lines as { data?: Line[] } | undefined)?.data ?? []) as Line[];

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: unknown, x: number, options: { font?: PDFFont; size?: number; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const content = printable(value);
    const left = options.right ? x - font.widthOfTextAtSize(content, size) : x;
    page.drawText(content, { x: left, y, size, font, color: rgb(0.07, 0.09, 0.15) });
  };
  const next = (height: number) => {
    y -= height;
    if (y < MARGIN + 40) {
      page = doc.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const right = A4[0] - MARGIN;

  text(`Invoice ${number}`, MARGIN, { font: bold, size: 20 });
  text('Stripe emulator - test mode, no real payment', right, { size: 9, right: true });
  next(28);
  const customer =
    [invoice.customer_name, invoice.customer_email].filter(Boolean).join(' - ') || String(invoice.customer);
  // Custom fields (the seller, for the product's invoices) first, as Stripe prints them at the top.
  const customFields = ((invoice.custom_fields as { name: string; value: string }[] | null) ?? []).map(
    (f) => [f.name, f.value] as [string, unknown],
  );
  const facts: [string, unknown][] = [
    ...customFields,
    ['Status', invoice.status],
    ['Billed to', customer],
    [
      'Invoice date',
      day((invoice.status_transitions as { finalized_at?: number } | undefined)?.finalized_at ?? invoice.created),
    ],
    ['Service period', servicePeriod(invoice, lines)],
    ...(invoice.due_date ? ([['Due date', day(invoice.due_date)]] as [string, unknown][]) : []),
    ...(typeof (invoice.metadata as Record<string, unknown> | undefined)?.month === 'string'
      ? ([['Month', (invoice.metadata as Record<string, string>).month]] as [string, unknown][])
      : []),
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, { font: bold });
    // A long value (a seller's address: up to 140 characters) wraps at about 70 characters a line.
    const parts = printable(value).match(/.{1,70}(\s|$)|\S+/g) ?? [''];
    for (const [i, part] of parts.entries()) {
      if (i > 0) next(13);
      text(part.trim(), MARGIN + 110);
    }
    next(15);
  }
  next(12);
  text('Description', MARGIN, { font: bold });
  text('Period', 330, { font: bold });
  text('Amount', right, { font: bold, right: true });
  next(6);
  page.drawLine({ start: { x: MARGIN, y }, end: { x: right, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  next(14);
  for (const line of lines) {
    const description = printable(line.description ?? '');
    // Long descriptions wrap at about 50 characters a line.
    const parts = description.match(/.{1,50}(\s|$)|\S+/g) ?? [''];
    text(parts[0]!.trim(), MARGIN);
    text(line.period ? `${day(line.period.start)} to ${day(line.period.end)}` : '', 330);
    text(money(line.amount), right, { right: true });
    for (const part of parts.slice(1)) {
      next(13);
      text(part.trim(), MARGIN + 8);
    }
    next(16);
  }
  next(4);
  page.drawLine({
    start: { x: 330, y: y + 10 },
    end: { x: right, y: y + 10 },
    thickness: 0.5,
    color: rgb(0.6, 0.6, 0.6),
  });
  const totals: [string, unknown][] = [
    ['Subtotal', invoice.subtotal],
    ['Total', invoice.total],
    ['Amount paid', invoice.amount_paid],
    ['Amount remaining', invoice.amount_remaining],
  ];
  for (const [label, cents] of totals) {
    text(label, 330, { font: label === 'Total' ? bold : regular });
    text(money(cents), right, { right: true, font: label === 'Total' ? bold : regular });
    next(15);
  }
  if (invoice.footer) {
    next(12);
    for (const part of printable(invoice.footer).match(/.{1,90}(\s|$)|\S+/g) ?? []) {
      text(part.trim(), MARGIN, { size: 9 });
      next(12);
    }
  }
  return Buffer.from(await doc.save());
}
