import { expect, test } from 'vitest';
import { billingMonth } from '@/lib/utc-month';

test('billingMonth is the UTC month of the moment, across month and year ends in any order', () => {
  const moments: [string, string][] = [
    ['2026-11-30T23:59:59.999Z', '2026-11'],
    ['2026-12-01T00:00:00.000Z', '2026-12'],
    ['2026-11-30T23:59:59.999Z', '2026-11'],
    ['2026-12-31T23:59:59.999Z', '2026-12'],
    ['2027-01-01T00:00:00.000Z', '2027-01'],
    ['2024-02-29T12:00:00.000Z', '2024-02'],
    ['2026-12-15T00:00:00.000Z', '2026-12'],
  ];
  for (const [iso, month] of moments) {
    expect(billingMonth(new Date(iso))).toBe(month);
    expect(billingMonth(Date.parse(iso))).toBe(month);
  }
});
