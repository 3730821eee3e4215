import 'server-only';

import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { OPERATOR_IDENTITY } from '@/lib/legal-pages';
import { formatAmount } from '@/lib/money';

/** What a receipt of credits states: one payment for credits (a purchase or an automatic recharge). */
export type CreditReceipt = {
  number: string;
  kind: 'purchase' | 'recharge';
  description: string;
  amountMicros: bigint;
  paidAt: Date;
  expiresAt: Date | null;
  paymentIntentId: string | null;
  /** Who paid: the account's users' addresses. */
  billedTo: string[];
};

const day = (at: Date) => at.toISOString().slice(0, 10);

/** The receipt's number: the payment's day and the ledger line's id, so it is stable and unique. */
export const receiptNumber = (entryId: string, paidAt: Date) =>
  `CR-${day(paidAt).replaceAll('-', '')}-${entryId.slice(-8).toUpperCase()}`;

export const receiptDescription = (kind: 'purchase' | 'recharge') =>
  kind === 'recharge' ? 'Automatic recharge of prepaid API credits' : 'Prepaid API credits';

/**
 * The receipt of one ledger line of the account that paid for credits (a purchase or a recharge;
 * a grant or a refund has none), or null: another account's line is not found, as if it did not
 * exist.
 */
export async function findCreditReceipt({
  accountId,
  entryId,
}: {
  accountId: string;
  entryId: string;
}): Promise<CreditReceipt | null> {
  const entry = await db.creditEntry.findFirst({
    where: { id: entryId, accountId, kind: { in: ['purchase', 'recharge'] } },
    select: { id: true, kind: true, amountMicros: true, createdAt: true, expiresAt: true, paymentIntentId: true },
  });
  if (!entry) return null;
  const kind = entry.kind === 'recharge' ? 'recharge' : 'purchase';
  const users = await db.user.findMany({
    where: { accountId },
    orderBy: { createdAt: 'asc' },
    select: { email: true },
  });
  return {
    number: receiptNumber(entry.id, entry.createdAt),
    kind,
    description: receiptDescription(kind),
    amountMicros: entry.amountMicros,
    paidAt: entry.createdAt,
    expiresAt: entry.expiresAt,
    paymentIntentId: entry.paymentIntentId,
    billedTo: users.map((u) => u.email),
  };
}

/** Text the PDF's standard fonts can draw (WinAnsi); anything else becomes '?'. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019]/g, '?');

/** The receipt as a one-page A4 PDF: who was paid, who paid, what for, how much, when, and until when the credits last. */
export async function creditReceiptPdf(receipt: CreditReceipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${receipt.number}`);
  doc.setCreationDate(receipt.paidAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595.28, 841.89]);
  const left = 50;
  const right = 545;
  let y = 790;
  const write = (text: string, { size = 10, font = regular, x = left, alignRight = false } = {}) => {
    const clean = printable(text);
    const at = alignRight ? right - font.widthOfTextAtSize(clean, size) : x;
    page.drawText(clean, { x: at, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (gap = 15) => {
    y -= gap;
  };

  write('Receipt', { size: 22, font: bold });
  write(`Paid ${formatAmount(receipt.amountMicros)}`, { size: 14, font: bold, alignRight: true });
  next(36);
  write(env.OPERATOR_NAME ?? OPERATOR_IDENTITY.OPERATOR_NAME, { font: bold });
  next();
  for (const line of (env.OPERATOR_ADDRESS ?? OPERATOR_IDENTITY.OPERATOR_ADDRESS).split(/\s*[\n;]\s*/)) {
    write(line);
    next();
  }
  write(env.OPERATOR_EMAIL ?? OPERATOR_IDENTITY.OPERATOR_EMAIL);
  next(30);
  const facts: [string, string][] = [
    ['Receipt number', receipt.number],
    ['Date paid (UTC)', day(receipt.paidAt)],
    ['Billed to', receipt.billedTo.join(', ') || '-'],
    ['Payment', receipt.paymentIntentId ?? '-'],
  ];
  for (const [label, value] of facts) {
    write(label, { font: bold });
    write(value, { x: 170 });
    next();
  }
  next(20);
  write('Description', { font: bold });
  write('Amount', { font: bold, alignRight: true });
  next(6);
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  next(14);
  write(receipt.description);
  write(formatAmount(receipt.amountMicros), { alignRight: true });
  next(6);
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
  next(16);
  write('Amount paid', { font: bold });
  write(formatAmount(receipt.amountMicros), { font: bold, alignRight: true });
  next(36);
  write(
    receipt.expiresAt
      ? `The credits are in your balance and expire on ${day(receipt.expiresAt)} (12 months after payment); the oldest are drawn first.`
      : 'The credits are in your balance.',
  );
  next();
  write('Your balance and credit ledger are on the billing page of the console.');
  return doc.save();
}
