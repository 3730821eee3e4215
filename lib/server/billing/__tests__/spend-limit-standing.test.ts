// The dashboard's standing says when a cap or a key's limit refuses calls, and
// until when.
import { describe, expect, it } from 'vitest';
import { spendLimitStanding } from '@/lib/server/billing/spend-limit-standing';

const now = new Date('2026-11-28T15:30:00Z');
const base = {
  now,
  billed: true,
  cheapestCallMicros: 3_000,
  daily: { limitMicros: null, spentMicros: 0 },
  monthly: { limitMicros: null, spentMicros: 0 },
  keys: [],
};

describe('spendLimitStanding', () => {
  it('says a daily cap refuses every billed call until the next UTC midnight once less than the cheapest call is left', () => {
    expect(spendLimitStanding({ ...base, daily: { limitMicros: 1_000_000n, spentMicros: 998_000n } })).toEqual([
      {
        limit: 'daily_cap',
        code: 'daily_limit_exceeded',
        keyLabel: null,
        state: 'refusing',
        spentMicros: 998_000,
        limitMicros: 1_000_000,
        leftMicros: 2_000,
        until: '2026-11-29T00:00:00.000Z',
      },
    ]);
  });

  it('says a monthly cap and a key limit near their end refuse larger calls until the next month, refusing ones first', () => {
    const states = spendLimitStanding({
      ...base,
      monthly: { limitMicros: 10_000_000n, spentMicros: 9_000_000n },
      keys: [
        { label: 'ci (ak_live_ab…1234)', limitMicros: 100_000n, spentMicros: 100_000n },
        { label: 'unlimited', limitMicros: null, spentMicros: 5_000_000n },
        { label: 'quiet', limitMicros: 100_000n, spentMicros: 10_000n },
      ],
    });
    expect(states.map((s) => [s.limit, s.keyLabel, s.state, s.leftMicros, s.until])).toEqual([
      ['key_limit', 'ci (ak_live_ab…1234)', 'refusing', 0, '2026-12-01T00:00:00.000Z'],
      ['monthly_cap', null, 'near', 1_000_000, '2026-12-01T00:00:00.000Z'],
    ]);
  });

  it('says a cap that refused a call this period is reached, below 80 % too', () => {
    const states = spendLimitStanding({
      ...base,
      daily: { limitMicros: 1_000_000n, spentMicros: 500_000n, refusedOnce: true },
      monthly: { limitMicros: 10_000_000n, spentMicros: 8_000_000n },
    });
    expect(states.map((s) => [s.limit, s.state, s.leftMicros])).toEqual([
      ['daily_cap', 'reached', 500_000],
      ['monthly_cap', 'near', 2_000_000],
    ]);
  });

  it('says nothing below 80 %, nor for an account that is not billed (caps do not apply to it)', () => {
    expect(spendLimitStanding({ ...base, daily: { limitMicros: 1_000_000n, spentMicros: 790_000n } })).toEqual([]);
    expect(
      spendLimitStanding({ ...base, billed: false, daily: { limitMicros: 1_000_000n, spentMicros: 1_000_000n } }),
    ).toEqual([]);
  });
});
