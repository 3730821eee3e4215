// The invoice PDF carries the invoice's lines, period, amounts and totals. Read back with pdf-lib
// (pdf-text.ts).
import { PDFDocument } from 'pdf-lib';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeEmulator, type StripeEmulator } from '../server';
import { pdfText } from './pdf-text';

let emulator: StripeEmulator;
let stripe: Stripe;
beforeAll(async () => {
  emulator = await startStripeEmulator({
    port: 0,
    databaseUrl: process.env.DATABASE_URL!,
    webhookUrl: null,
    webhookSecret: 'whsec_pdf',
  });
  const url = new URL(emulator.url);
  stripe = new Stripe(emulator.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});
afterAll(async () => {
  await emulator?.close();
});

test('the invoice PDF carries the lines, their period, the amounts and the totals', async () => {
  const customer = await stripe.customers.create({ email: 'pdf@example.test', name: 'Ada Lovelace' });
  const draft = await stripe.invoices.create({
    customer: customer.id,
    collection_method: 'send_invoice',
    days_until_due: 30,
    metadata: { month: '2026-10' },
  });
  const october = { start: Date.UTC(2026, 9, 1) / 1000, end: Date.UTC(2026, 9, 31, 23, 59, 59) / 1000 };
  await stripe.invoiceItems.create({
    customer: customer.id,
    invoice: draft.id,
    amount: 1234,
    currency: 'usd',
    description: '/v1/news/articles: 4,113 units',
    period: october,
  });
  await stripe.invoiceItems.create({
    customer: customer.id,
    invoice: draft.id,
    amount: 66,
    currency: 'usd',
    description: 'Carried from 2026-09',
    period: october,
  });
  const invoice = await stripe.invoices.finalizeInvoice(draft.id!);
  const response = await fetch(invoice.invoice_pdf!);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
  expect(text).toEqual(
    expect.arrayContaining([
      `Invoice ${invoice.number}`,
      'open',
      'Ada Lovelace - pdf@example.test',
      '2026-10-01 to 2026-10-31',
      '2026-10',
      '/v1/news/articles: 4,113 units',
      '$12.34',
      'Carried from 2026-09',
      '$0.66',
      'Subtotal',
      'Total',
      '$13.00',
      'Amount paid',
      '$0.00',
      'Amount remaining',
    ]),
  );
  // Each line's amount sits beside its description, and the total after the lines.
  expect(text.indexOf('$12.34')).toBeGreaterThan(text.indexOf('/v1/news/articles: 4,113 units'));
  expect(text.lastIndexOf('$13.00')).toBeGreaterThan(text.indexOf('Carried from 2026-09'));
});

test('an invoice with many lines continues on further pages', async () => {
  const customer = await stripe.customers.create({ email: 'pages@example.test' });
  const draft = await stripe.invoices.create({ customer: customer.id });
  for (let i = 0; i < 45; i++)
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      amount: 10,
      currency: 'usd',
      description: `line ${i}`,
    });
  const invoice = await stripe.invoices.finalizeInvoice(draft.id!);
  const bytes = new Uint8Array(await (await fetch(invoice.invoice_pdf!)).arrayBuffer());
  expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  const text = await pdfText(bytes);
  expect(text).toEqual(expect.arrayContaining(['line 0', 'line 44', '$4.50']));
});
