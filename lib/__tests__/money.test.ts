// Issue 28, finding 12: money formatted one way everywhere (lib/money.ts).
import { expect, test } from 'vitest';
import { formatCents, formatMicros, microsToDollarInput } from '@/lib/money';
import { dollars } from '@/lib/docs/endpoint-model';

test('formats money one way: cents-precision amounts with separators, sub-cent amounts to their last digit (finding 12)', () => {
  const cases: [bigint | number, string][] = [
    [0, '$0.00'],
    [3000, '$0.003'], // a unit price
    [500, '$0.0005'],
    [66_000n, '$0.066'], // a month's carried total
    [4321n, '$0.004321'], // a fraction of a cent carried
    [500_000n, '$0.50'],
    [600_000, '$0.60'],
    [10_000_000n, '$10.00'],
    [1_234_560_000n, '$1,234.56'],
    [1_234_567_891_234n, '$1,234,567.891234'],
    [-250_000n, '-$0.25'],
  ];
  expect(cases.map(([micros]) => formatMicros(micros))).toEqual(cases.map(([, text]) => text));
});

test('formats cents by the same rule as micro-dollars (finding 12)', () => {
  expect([0, 5, 50, 60, 123_456, 100_000_000].map((c) => formatCents(c))).toEqual([
    '$0.00',
    '$0.05',
    '$0.50',
    '$0.60',
    '$1,234.56',
    '$1,000,000.00',
  ]);
  expect(formatCents(50n)).toBe(formatMicros(500_000n));
});

test('the docs and explorer price text is the same formatter (finding 12)', () => {
  expect([3000, 5000, 1000, 10_000, 0].map(dollars)).toEqual(['$0.003', '$0.005', '$0.001', '$0.01', '$0.00']);
});

test('form inputs get plain decimals without the dollar sign or separators (finding 12)', () => {
  expect([
    microsToDollarInput(null),
    microsToDollarInput(12_500_000n),
    microsToDollarInput(1_234_000_000n),
    microsToDollarInput(250_000),
  ]).toEqual(['', '12.50', '1234.00', '0.25']);
});
