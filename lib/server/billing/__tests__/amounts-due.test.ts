// "Amount due" counted invoices not yet due; now what is due now and what is
// open but due later are told apart.
import { expect, test } from 'vitest';
import { amountsDue, type OpenInvoiceFacts } from '@/lib/server/billing/amounts-due';

const now = new Date('2026-12-05T12:00:00Z');
const invoice = (o: Partial<OpenInvoiceFacts>): OpenInvoiceFacts => ({
  id: 'in',
  number: null,
  month: '2026-11',
  status: 'open',
  amountCents: 100,
  attemptCount: 0,
  dueAt: null,
  overdueAt: null,
  noPaymentMethodAt: null,
  ...o,
});

test('a declined, card-less, uncollectible or overdue invoice and a lost dispute are due now; a sent one is due on its date', () => {
  const due = amountsDue({
    now,
    disputedCents: 1_000,
    invoices: [
      invoice({ id: 'declined', attemptCount: 1, amountCents: 60 }),
      invoice({ id: 'no-card', noPaymentMethodAt: now, dueAt: new Date('2027-01-04T00:00:00Z'), amountCents: 70 }),
      invoice({ id: 'uncollectible', status: 'uncollectible', amountCents: 80 }),
      invoice({ id: 'past-date', dueAt: new Date('2026-12-01T00:00:00Z'), amountCents: 90 }),
      invoice({ id: 'stripe-overdue', dueAt: new Date('2026-12-31T00:00:00Z'), overdueAt: now, amountCents: 5 }),
      invoice({ id: 'later', number: 'SBX-9', dueAt: new Date('2027-01-04T00:00:00Z'), amountCents: 4_200 }),
      invoice({ id: 'sooner', month: '2026-10', dueAt: new Date('2026-12-20T00:00:00Z'), amountCents: 300 }),
      invoice({ id: 'charging', amountCents: 55 }),
    ],
  });
  expect(due.dueNowCents).toBe(1_000 + 60 + 70 + 80 + 90 + 5);
  expect(due.dueLater.map((d) => [d.invoiceId, d.amountCents, d.dueAt])).toEqual([
    ['sooner', 300, '2026-12-20T00:00:00.000Z'],
    ['later', 4_200, '2027-01-04T00:00:00.000Z'],
  ]);
  expect(due.beingChargedCents).toBe(55);
});
