import { z } from 'zod';

import { MAX_THRESHOLD } from '@/lib/usage-alert-defaults';

/** "50, 80, 100": whole percentages from 1 to 1000, any order, each once. */
const thresholds = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const parts = v === '' ? [] : v.split(/[\s,%]+/).filter(Boolean);
    const numbers = parts.map(Number);
    if (!parts.length || numbers.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_THRESHOLD)) {
      ctx.addIssue({ code: 'custom', message: `Enter whole percentages from 1 to ${MAX_THRESHOLD}, like 50, 80, 100` });
      return z.NEVER;
    }
    return [...new Set(numbers)].sort((a, b) => a - b);
  });

/** The alert form: what to watch, over which period, and at what. */
export const usageAlertSchema = z
  .object({
    keyId: z.string().trim().optional().default(''),
    metric: z.enum(['spend', 'units'], { message: 'Choose spend or units' }),
    period: z.enum(['day', 'month'], { message: 'Choose a day or a month' }),
    basis: z.enum(['cap', 'key_limit', 'amount'], { message: 'Choose what the thresholds are of' }),
    amount: z.string().trim().optional().default(''),
    thresholds,
    endpoint: z
      .string()
      .trim()
      .optional()
      .default('')
      .refine(
        (v) => v === '' || /^\/v1\/[a-z0-9/_-]{1,120}$/.test(v),
        'Enter an endpoint path like /v1/shop/products, or leave it blank',
      ),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (input.basis === 'cap' && (input.keyId || input.metric !== 'spend'))
      issue('basis', 'A spending cap is the account’s, on spend: choose an amount for this alert');
    if (input.basis === 'key_limit' && (!input.keyId || input.metric !== 'spend' || input.period !== 'month'))
      issue('basis', 'A key’s limit is on its spend in a month: choose spend, a month, or an amount');
    if (input.basis === 'amount') {
      const pattern = input.metric === 'spend' ? /^\d{1,7}(\.\d{1,2})?$/ : /^\d{1,9}$/;
      if (!pattern.test(input.amount) || Number(input.amount) <= 0)
        issue(
          'amount',
          input.metric === 'spend'
            ? 'Enter an amount in dollars, like 25 or 12.50'
            : 'Enter a whole number of units, like 1000',
        );
    }
  })
  .transform((input) => ({
    ...input,
    keyId: input.keyId || null,
    endpoint: input.endpoint || null,
    // Micro-dollars for spend, units for units.
    amount:
      input.basis !== 'amount'
        ? null
        : input.metric === 'spend'
          ? BigInt(Math.round(Number(input.amount) * 100)) * 10_000n
          : BigInt(input.amount),
  }));

export type UsageAlertInput = z.infer<typeof usageAlertSchema>;
