// /billing gives one account of what is not yet invoiced, parts summing to the total, and says why
// an amount is carried (Stripe's $0.50 minimum) with the amount.
import { expect, test } from 'vitest';
import { buildMonthAccount } from '@/lib/server/billing/month-account';

test('a closed month with late usage and a carry: each part named, summing to the total', () => {
  const account = buildMonthAccount({
    month: '2026-08',
    thisMonthMicros: 30_000n,
    pastMonths: [{ month: '2026-07', micros: 12_000n }],
    carried: { micros: 66_000n, months: ['2026-07'], underMinimum: true },
  });
  expect(account.parts.map((p) => [p.kind, p.label, p.micros])).toEqual([
    ['this_month', 'Calls in 2026-08 still to be invoiced', 30_000n],
    ['past_month', 'Calls in 2026-07 still to be invoiced', 12_000n],
    ['carried', 'Carried from 2026-07 (under the $0.50 minimum)', 66_000n],
  ]);
  expect(account.totalMicros).toBe(108_000n);
  expect(account.totalMicros).toBe(account.parts.reduce((sum, p) => sum + p.micros, 0n));
  expect(account.carriedNote).toBe(
    'Stripe cannot charge less than $0.50, so $0.07 from 2026-07 was not charged and is carried to your next invoice.',
  );
  expect(account.minimumNote).toBe(
    `${account.carriedNote} A total still under $0.50 when the month closes is carried again.`,
  );
});

test('right after a close with only a carry: this month at $0.00 and the carried amount, not "so far" alone', () => {
  const account = buildMonthAccount({
    month: '2026-08',
    thisMonthMicros: 0n,
    pastMonths: [],
    carried: { micros: 66_000n, months: ['2026-06', '2026-07'], underMinimum: true },
  });
  expect(account.parts.map((p) => [p.label, p.micros])).toEqual([
    ['Calls in 2026-08 still to be invoiced', 0n],
    ['Carried from 2026-06 and 2026-07 (under the $0.50 minimum)', 66_000n],
  ]);
  expect(account.totalMicros).toBe(66_000n);
  expect(account.carriedNote).toContain('$0.07 from 2026-06 and 2026-07 was not charged');
});

test('a fraction of a cent carried from a charged invoice is named as such', () => {
  const account = buildMonthAccount({
    month: '2026-08',
    thisMonthMicros: 700_000n,
    pastMonths: [],
    carried: { micros: 4_321n, months: ['2026-07'], underMinimum: false },
  });
  expect(account.parts.at(-1)).toEqual({
    kind: 'carried',
    label: 'Carried from 2026-07 (fractions of a cent)',
    micros: 4_321n,
  });
  expect(account.minimumNote).toBe(
    'Invoices charge whole cents, so the $0.004 left over from 2026-07 is carried to your next invoice.',
  );
});

test('only this month: one part, no note', () => {
  const account = buildMonthAccount({
    month: '2026-08',
    thisMonthMicros: 900_000n,
    pastMonths: [{ month: '2026-07', micros: 0n }],
    carried: null,
  });
  expect(account).toEqual({
    parts: [{ kind: 'this_month', label: 'Calls in 2026-08 still to be invoiced', micros: 900_000n }],
    totalMicros: 900_000n,
    carriedNote: null,
    minimumNote: null,
  });
});
