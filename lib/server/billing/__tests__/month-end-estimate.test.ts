// "by month end (estimate)" is the month's calls at this month's pace, the same
// on every page; a blocked account projects nothing; a monthly cap bounds the estimate.
import { describe, expect, it } from 'vitest';
import { estimateMonthEnd } from '@/lib/server/billing/month-end-estimate';

// November has 30 days: at noon on the 15th, 14.5 of them have passed.
const now = new Date('2026-11-15T12:00:00Z');

describe('estimateMonthEnd', () => {
  it('carries the whole month so far on in a straight line to its end', () => {
    expect(estimateMonthEnd({ month: '2026-11', spentMicros: 870_000n, now, blocked: false })).toEqual({
      kind: 'estimate',
      month: '2026-11',
      spentMicros: 870_000,
      estimateMicros: 1_800_000,
      capped: false,
    });
  });

  it('projects nothing for a blocked account, whose calls are refused', () => {
    expect(estimateMonthEnd({ month: '2026-11', spentMicros: 870_000n, now, blocked: true })).toEqual({
      kind: 'blocked',
      month: '2026-11',
      spentMicros: 870_000,
    });
  });

  it('stops at the monthly cap, past which calls are refused', () => {
    const estimate = estimateMonthEnd({
      month: '2026-11',
      spentMicros: 870_000,
      now,
      blocked: false,
      monthlyCapMicros: 1_000_000n,
    });
    expect(estimate).toMatchObject({ kind: 'estimate', estimateMicros: 1_000_000, capped: true });
  });

  it('is the spend itself at the month end, and never divides by nothing at its start', () => {
    expect(
      estimateMonthEnd({ month: '2026-11', spentMicros: 5, now: new Date('2026-12-01T00:00:00Z'), blocked: false }),
    ).toMatchObject({ estimateMicros: 5 });
    expect(
      estimateMonthEnd({ month: '2026-11', spentMicros: 0, now: new Date('2026-11-01T00:00:00Z'), blocked: false }),
    ).toMatchObject({ estimateMicros: 0 });
  });
});
