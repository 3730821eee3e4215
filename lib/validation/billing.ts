import { z } from 'zod';

/** A cap in dollars as typed ("25", "12.50"), or blank for no cap; stored as micro-dollars. */
const dollarCap = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || /^\d{1,7}(\.\d{1,2})?$/.test(v),
    'Enter an amount in dollars, like 25 or 12.50, or leave it blank',
  )
  .transform((v) => (v === '' ? null : BigInt(Math.round(Number(v) * 100)) * 10_000n))
  .refine((v) => v === null || v > 0n, 'A cap must be more than $0; leave it blank for no cap');

export const spendingCapsSchema = z.object({ dailyCap: dollarCap, monthlyCap: dollarCap });
