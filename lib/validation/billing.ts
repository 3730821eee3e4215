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

/** A dollar amount as typed ("2", "12.50"), required; micro-dollars. */
const dollars = z
  .string()
  .trim()
  .refine((v) => /^\d{1,7}(\.\d{1,2})?$/.test(v), 'Enter an amount in dollars, like 2 or 12.50')
  .transform((v) => BigInt(Math.round(Number(v) * 100)) * 10_000n);

/** Auto-recharge: below `threshold`, charge `amount` (at least $0.50, Stripe's least charge), at most `monthlyLimit` a month. */
export const autoRechargeSchema = z
  .object({
    enabled: z.boolean(),
    threshold: dollars,
    amount: dollars.refine((v) => v >= 500_000n, 'A recharge is at least $0.50'),
    monthlyLimit: dollars,
  })
  .refine((s) => s.monthlyLimit >= s.amount, {
    path: ['monthlyLimit'],
    message: 'The monthly limit must allow at least one recharge',
  });
