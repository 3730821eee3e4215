// Money written one way: amounts in whole cents, prices to the tenth of a
// cent, nothing else (lib/money.ts). e2e/dashboard/money-format.spec.ts reads every console page.
import { expect, test } from 'vitest';
import { dollars } from '@/lib/docs/endpoint-model';
import {
  AMOUNT_PATTERN,
  formatAmount,
  formatCents,
  formatPrice,
  microsToDollarInput,
  PRICE_PATTERN,
} from '@/lib/money';

test('writes an amount in whole cents, rounding half a cent up, with separators', () => {
  const cases: [bigint | number, string][] = [
    [0, '$0.00'],
    [968_164, '$0.97'], // the month /usage printed as $0.968164
    [66_000n, '$0.07'],
    [4_999, '$0.00'],
    [5_000, '$0.01'],
    [500_000n, '$0.50'],
    [10_000_000n, '$10.00'],
    [1_234_560_000n, '$1,234.56'],
    [1_234_567_891_234n, '$1,234,567.89'],
    [-250_000n, '-$0.25'],
    [-5_000n, '-$0.01'],
  ];
  expect(cases.map(([micros]) => formatAmount(micros))).toEqual(cases.map(([, text]) => text));
});

test('writes cents as amounts', () => {
  expect([0, 5, 50, 60, 123_456, 100_000_000, -25].map((c) => formatCents(c))).toEqual([
    '$0.00',
    '$0.05',
    '$0.50',
    '$0.60',
    '$1,234.56',
    '$1,000,000.00',
    '-$0.25',
  ]);
  expect(formatCents(50n)).toBe(formatAmount(500_000n));
});

test('writes a price to the tenth of a cent, always three decimals', () => {
  const cases: [bigint | number, string][] = [
    [3_000, '$0.003'], // a unit price
    [1_000, '$0.001'], // the sentiment surcharge
    [24_000, '$0.024'], // a call of 8 pages at $0.003
    [120_000n, '$0.120'],
    [8_000n, '$0.008'], // a fraction of a cent carried on
    [4_321n, '$0.004'],
    [500, '$0.001'],
    [1_234_567_000n, '$1,234.567'],
  ];
  expect(cases.map(([micros]) => formatPrice(micros))).toEqual(cases.map(([, text]) => text));
});

test('every output matches one of the two patterns the page test checks, and only its own', () => {
  for (const micros of [0, 1, 499, 5_000, 968_164, 66_000, 1_234_567_891_234, -250_000]) {
    expect(formatAmount(micros)).toMatch(AMOUNT_PATTERN);
    expect(formatAmount(micros)).not.toMatch(PRICE_PATTERN);
    expect(formatPrice(micros)).toMatch(PRICE_PATTERN);
    expect(formatPrice(micros)).not.toMatch(AMOUNT_PATTERN);
  }
  expect('$0.968164').not.toMatch(AMOUNT_PATTERN);
  expect('$0.968164').not.toMatch(PRICE_PATTERN);
  expect('$0.9').not.toMatch(AMOUNT_PATTERN);
});

test('the docs and explorer write prices with the same formatter', () => {
  expect([3000, 5000, 1000, 10_000].map(dollars)).toEqual(['$0.003', '$0.005', '$0.001', '$0.010']);
});

test('form inputs get plain decimals without the dollar sign or separators', () => {
  expect([
    microsToDollarInput(null),
    microsToDollarInput(12_500_000n),
    microsToDollarInput(1_234_000_000n),
    microsToDollarInput(250_000),
  ]).toEqual(['', '12.50', '1234.00', '0.25']);
});
