// API key management input, shared by the server actions and the forms.
import { z } from 'zod';

import { API_KEY_NAME_MAX_LENGTH, MAX_API_KEYS_PER_ACCOUNT, ROLL_GRACE_PERIODS, type RollGrace } from './api-key-rules';

export { MAX_API_KEYS_PER_ACCOUNT, ROLL_GRACE_PERIODS, type RollGrace };

/**
 * An expiry as typed in a date field, "YYYY-MM-DD", or blank for none: the key stops working at
 * 00:00 UTC on that day. Whether the day is still to come is checked against the server's clock
 * (futureExpiry), not here, so a form and a test agree on the same rule.
 */
const expiryDate = z
  .string()
  .trim()
  .default('')
  .refine(
    (v) =>
      v === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    'Enter a date like 2030-01-31, or leave it blank',
  )
  .transform((v) => (v === '' ? null : new Date(`${v}T00:00:00Z`)));

/** A key's monthly limit in dollars as typed ("25", "12.50"), or blank for none; stored as micro-dollars. */
const dollarLimit = z
  .string()
  .trim()
  .default('')
  .refine(
    (v) => v === '' || /^\d{1,7}(\.\d{1,2})?$/.test(v),
    'Enter an amount in dollars, like 25 or 12.50, or leave it blank',
  )
  .transform((v) => (v === '' ? null : BigInt(Math.round(Number(v) * 100)) * 10_000n))
  .refine((v) => v === null || v > 0n, 'A limit must be more than $0; leave it blank for no limit');

/** A family ("shop") or a data endpoint's path ("/v1/shop/products"); which exist is checked on the server. */
const scope = z
  .string()
  .trim()
  .regex(/^([a-z][a-z0-9]*|\/v1\/[a-z0-9/_-]+)$/, 'Unknown family or endpoint');

const apiKeyInputSchema = z.object({
  // Empty means "no name"; the table then shows "Untitled".
  name: z
    .string()
    .trim()
    .max(API_KEY_NAME_MAX_LENGTH, `Names are at most ${API_KEY_NAME_MAX_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  keyId: z.string().trim().min(1, 'Missing key').max(64, 'Unknown key'),
  expiresOn: expiryDate,
  scopes: z.array(scope).max(100, 'Choose at most 100 families or endpoints').default([]),
  monthlyLimit: dollarLimit,
  grace: z.enum(
    Object.keys(ROLL_GRACE_PERIODS) as [RollGrace, ...RollGrace[]],
    'Choose when the old key stops working',
  ),
});

export const createApiKeySchema = apiKeyInputSchema.pick({
  name: true,
  expiresOn: true,
  scopes: true,
  monthlyLimit: true,
});
export const apiKeyIdSchema = apiKeyInputSchema.pick({ keyId: true });
/** "Delete expired keys": the expired keys the confirmation listed (each is checked on the server). */
export const expiredKeyIdsSchema = z.object({
  keyIds: z
    .array(apiKeyInputSchema.shape.keyId)
    .min(1, 'No expired key was chosen')
    .max(MAX_API_KEYS_PER_ACCOUNT * 10, 'Too many keys at once'),
});
export const rollApiKeySchema = apiKeyInputSchema.pick({ keyId: true, grace: true });
export const keyExpirySchema = apiKeyInputSchema.pick({ keyId: true, expiresOn: true });
export const keyLimitSchema = apiKeyInputSchema.pick({ keyId: true, monthlyLimit: true });
