// What an invoice says, read back from the Stripe emulator (the Stripe
// invoice, its hosted page and its PDF). Each line says what it charges and its amounts add up to
// the charged total; the fraction of a cent carried to the next invoice is named on the invoice it
// leaves; counts are singular or plural; the seller's name and address are the operator's.
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

vi.hoisted(() => {
  process.env.SELLER_NAME = 'Example Data Ltd';
  process.env.SELLER_ADDRESS = '1 Example Street, Springfield 12345, United States';
});

import { pdfText } from '@/lib/stripe-emulator/__tests__/pdf-text';
import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';
import { closeMonth } from '../close-month';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

const month = billingMonth();

/** Closes the account's month and reads its invoice back from Stripe, with its hosted page and PDF text. */
async function closeAndRead(accountId: string) {
  const [closed] = await closeMonth({ month, accountId });
  expect(closed?.outcome).toBe('invoiced');
  const { stripeInvoiceId } = await db.invoice.findUniqueOrThrow({ where: { id: closed!.invoiceId! } });
  const invoice = await world.stripe.invoices.retrieve(stripeInvoiceId!);
  const page = await (await fetch(invoice.hosted_invoice_url!)).text();
  const pdf = (await pdfText(new Uint8Array(await (await fetch(invoice.invoice_pdf!)).arrayBuffer()))).join('\n');
  return { closed: closed!, invoice, page, pdf };
}

test('a $0.888 line charges $0.88 and says no other amount; the $0.008 carried on is named on the invoice, its page and PDF', async () => {
  const { accountId } = await billedAccount(world, '4242424242424242');
  // 148 billable units at $0.006: $0.888.
  await recordCalls(world, accountId, [{ endpoint: '/v1/clipnet/video/comments', units: 50 + 148, priceMicros: 6000 }]);
  const { closed, invoice, page, pdf } = await closeAndRead(accountId);
  expect([closed.amountCents, closed.carriedOutMicros]).toEqual([88, 8_000n]);
  const lines = invoice.lines.data;
  expect(lines.map((l) => l.amount)).toEqual([88]);
  expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice.total);
  expect(invoice.total).toBe(88);
  expect(lines[0]!.description).not.toContain('$0.888');
  expect(lines[0]!.description).toContain('$0.008 under a cent');
  const carried = '$0.008 in fractions of a cent is not charged on this invoice: it is carried to your next invoice.';
  expect(invoice.footer).toBe(carried);
  expect(page).toContain(carried);
  expect(pdf.replace(/\n/g, ' ')).toContain(carried);
});

test('fractions that add up past a cent: a rounding line charges the cents and names what is carried; the lines add up to the total', async () => {
  const { accountId } = await billedAccount(world, '4242424242424242');
  // $0.557 twice: 55 + 55 cents, the $0.014 of fractions is 1 cent charged and $0.004 carried on.
  await recordCalls(world, accountId, [
    { endpoint: '/v1/news/articles', units: 50 + 557, priceMicros: 1000 },
    { endpoint: '/v1/shop/products', units: 50 + 557, priceMicros: 1000 },
  ]);
  const { closed, invoice } = await closeAndRead(accountId);
  expect([closed.amountCents, closed.carriedOutMicros]).toEqual([111, 4_000n]);
  const lines = invoice.lines.data.map((l) => [l.description!.split(':')[0], l.amount]);
  expect(lines).toEqual([
    ['/v1/news/articles', 55],
    ['/v1/shop/products', 55],
    ['Rounding to whole cents', 1],
  ]);
  expect(invoice.lines.data.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice.total);
  expect(invoice.total).toBe(111);
  expect(invoice.lines.data.at(-1)!.description).toBe(
    'Rounding to whole cents: the fractions of a cent of the lines above, $0.014 in all: $0.01 charged here, $0.004 carried to the next invoice',
  );
  expect(invoice.footer).toContain('$0.004 in fractions of a cent');
  for (const line of invoice.lines.data.slice(0, 2)) expect(line.description).not.toContain('$0.557');
});

test('counts are singular or plural, and the seller is named from the operator settings on the invoice, its page and PDF', async () => {
  const { accountId } = await billedAccount(world, '4242424242424242');
  await recordCalls(world, accountId, [
    { endpoint: '/v1/clipnet/video/comments', units: 50 + 100, priceMicros: 6000 },
    { endpoint: '/v1/shop/products', units: 40, priceMicros: 5000 },
    { endpoint: '/v1/shop/products', units: 12, priceMicros: 5000 },
  ]);
  const { invoice, page, pdf } = await closeAndRead(accountId);
  expect(invoice.lines.data.map((l) => l.description)).toEqual([
    '/v1/clipnet/video/comments: 1 request, 150 units (50 free, 100 billable, 0 with sentiment)',
    '/v1/shop/products: 2 requests, 52 units (50 free, 2 billable, 0 with sentiment)',
  ]);
  expect(invoice.custom_fields).toEqual([
    { name: 'Seller', value: 'Example Data Ltd' },
    { name: 'Seller address', value: '1 Example Street, Springfield 12345, United States' },
  ]);
  for (const text of [page, pdf]) {
    expect(text).toContain('Example Data Ltd');
    expect(text).toContain('1 Example Street, Springfield 12345, United States');
    expect(text).toContain('1 request,');
    expect(text).not.toMatch(/\b1 requests\b/);
  }
});
