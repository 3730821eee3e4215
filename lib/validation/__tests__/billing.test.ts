import { describe, expect, it } from 'vitest';

import { spendingCapsSchema } from '../billing';

describe('spendingCapsSchema', () => {
  it('reads dollars into micro-dollars, blank as no cap', () => {
    expect(spendingCapsSchema.parse({ dailyCap: ' 12.5 ', monthlyCap: '' })).toEqual({
      dailyCap: 12_500_000n,
      monthlyCap: null,
    });
    expect(spendingCapsSchema.parse({ dailyCap: '0.01', monthlyCap: '1000000' })).toEqual({
      dailyCap: 10_000n,
      monthlyCap: 1_000_000_000_000n,
    });
  });

  it('names every field that is wrong', () => {
    const result = spendingCapsSchema.safeParse({ dailyCap: '12.345', monthlyCap: '0' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['dailyCap', 'Enter an amount in dollars, like 25 or 12.50, or leave it blank'],
      ['monthlyCap', 'A cap must be more than $0; leave it blank for no cap'],
    ]);
  });
});
