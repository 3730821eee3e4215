// The one home of UTC month arithmetic: months across year ends, and a moment's month in UTC
// whatever the process's time zone says.
import { describe, expect, test } from 'vitest';
import { billingMonth, monthRange, monthStart, previousMonth } from '../utc-month';

describe('utc-month', () => {
  test('monthStart steps across year ends both ways', () => {
    const at = new Date('2026-12-31T23:59:59.999Z');
    expect(monthStart(at).toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(monthStart(at, 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthStart(new Date('2027-01-15T00:00:00Z'), -13).toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });

  test('monthRange gives the first instant of the month and of the next', () => {
    expect(monthRange('2028-02').map((d) => d.toISOString())).toEqual([
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ]);
    expect(monthRange('2026-12').map((d) => d.toISOString())).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });

  test('billingMonth and previousMonth count in UTC, the last millisecond in its month', () => {
    expect(billingMonth(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
    expect(billingMonth(Date.parse('2026-11-01T00:00:00.000Z'))).toBe('2026-11');
    expect(billingMonth(new Date('2026-10-31T23:59:59.999Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-01T00:05:00Z'))).toBe('2026-12');
  });

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
});
