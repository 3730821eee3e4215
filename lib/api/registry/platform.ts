// The endpoints that are not a platform's data: batch, the key check and the account's usage. The
// gateway handles them itself (lib/api/gateway/batch.ts, verify-key.ts, account-usage.ts); they are
// here for validation, the OpenAPI document, the docs and the explorer.
import { z } from 'zod';
import { params } from './params';
import type { EndpointDefinition } from './types';

export const MAX_BATCH_ITEMS = 100;

export const batchRequestSchema = z.strictObject({
  requests: z
    .array(
      z.strictObject({
        path: z.string().startsWith('/v1/', { error: 'must start with /v1/' }).max(200),
        params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
      }),
    )
    .min(1, { error: 'must hold at least one call' })
    .max(MAX_BATCH_ITEMS, { error: `must hold at most ${MAX_BATCH_ITEMS} calls` }),
});

const errorBody = z.object({ error: z.string(), code: z.string() });

const batchResponseSchema = z.object({
  results: z.array(
    z.object({
      path: z.string(),
      status: z.number().int(),
      /** The item's own id (`<batch X-Request-Id>_<index>`), as its usage record carries it. */
      request_id: z.string(),
      billed_units: z.number().int(),
      free_units: z.number().int(),
      amount_micros: z.number().int(),
      /** Free units of the item's endpoint left this month; null when it reached no endpoint. */
      free_tier_remaining: z.number().int().nullable(),
      body: z.union([z.record(z.string(), z.unknown()), errorBody]),
    }),
  ),
  count: z.number().int(),
  billed_units: z.number().int(),
  free_units: z.number().int(),
  amount_micros: z.number().int(),
});

export const verifyResponseSchema = z.object({
  valid: z.boolean(),
  key: z.object({
    name: z.string().nullable(),
    prefix: z.string(),
    last4: z.string(),
    status: z.enum(['active']),
    /** The families and endpoint paths the key may call; null: every endpoint. */
    restricted_to: z.array(z.string()).nullable(),
    /** When the key stops working (its expiry, or a roll's grace end), ISO 8601 UTC; null: never. */
    expires_at: z.iso.datetime().nullable(),
    /** The key's own monthly spend limit in micro-dollars and as text ("$25.00"); null: none. */
    monthly_limit_micros: z.number().int().nullable(),
    monthly_limit: z.string().nullable(),
  }),
  account: z.object({
    status: z.enum(['active', 'blocked']),
    payment_method: z.boolean(),
    billing: z.enum(['card', 'invoice', 'prepaid', 'free_tier_only']),
  }),
});

/** A limit in micro-dollars and in the house's money format; spent and remaining are null when the
 * key may not see the account's whole spend (a restricted key's view of the account's caps). */
const spendLimitSchema = z.object({
  limit_micros: z.number().int(),
  limit: z.string(),
  spent_micros: z.number().int().nullable(),
  spent: z.string().nullable(),
  remaining_micros: z.number().int().nullable(),
  remaining: z.string().nullable(),
});

const usageFigures = {
  requests: z.number().int(),
  /** Units served (pages or requests), free ones included. */
  units: z.number().int(),
  free_units: z.number().int(),
  billed_units: z.number().int(),
  amount_micros: z.number().int(),
  /** amount_micros as the customer reads money: "$1,234.56". */
  amount: z.string(),
};

export const usageResponseSchema = z.object({
  month: z.string(),
  /** The endpoints counted: null for every endpoint, else what a restricted key may call. */
  restricted_to: z.array(z.string()).nullable(),
  endpoints: z.array(z.object({ endpoint: z.string(), ...usageFigures, free_units_remaining: z.number().int() })),
  total: z.object(usageFigures),
  today: z.object({ day: z.string(), amount_micros: z.number().int(), amount: z.string() }),
  caps: z.object({ daily: spendLimitSchema.nullable(), monthly: spendLimitSchema.nullable() }),
  key: z.object({ prefix: z.string(), last4: z.string(), monthly_limit: spendLimitSchema.nullable() }),
  account: z.object({
    status: z.enum(['active', 'blocked']),
    blocked_reason: z.string().nullable(),
    due_now_micros: z.number().int(),
    due_now: z.string(),
  }),
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const usageParamsSchema = params({
  month: z
    .string()
    .trim()
    .regex(MONTH, { error: 'must be a month in the form YYYY-MM, e.g. 2026-03' })
    .optional()
    .meta({ type: 'string', pattern: MONTH.source, description: 'The UTC month, YYYY-MM; default the current one.' }),
});

/** What every platform endpoint shares: free, not counted, nothing for a provider or the sandbox. */
const handledByTheGateway = {
  priceMicros: 0,
  billingUnit: 'request',
  concurrency: 10,
  sentiment: false,
  billedErrors: {},
  example: {},
} as const;

export const platformEndpoints = [
  // POST /v1/batch: up to 100 calls in one request, each billed as if called alone
  {
    path: '/v1/batch',
    family: null,
    method: 'POST',
    summary: 'Run up to 100 calls in one request',
    description:
      'JSON body {"requests": [{"path": "/v1/...", "params": {...}}]} with 1 to 100 calls. Results come back in order, each with its status and body. Every item is validated, limited and billed exactly as if called alone; items to one endpoint wait for that endpoint\'s concurrency limit instead of failing.',
    params: params({}),
    response: batchResponseSchema,
    ...handledByTheGateway,
  },
  // GET /v1/account/verify: does this key work, and what is it (free, not counted)
  {
    path: '/v1/account/verify',
    family: null,
    method: 'GET',
    summary: 'Check an API key',
    description:
      "Answers whether the key works, what it is (name, display prefix, status), what it may do (the families and endpoints it is restricted to, when it expires, its own monthly spend limit; null where there is none) and the account's state. Free and not counted.",
    params: params({}),
    response: verifyResponseSchema,
    ...handledByTheGateway,
  },
  // GET /v1/account/usage: the month's usage per endpoint, the day's spend, caps, key limit and
  // standing, read from the rollups (free, not counted; answered to a blocked account too)
  {
    path: '/v1/account/usage',
    family: null,
    method: 'GET',
    summary: "Read the account's usage and spend",
    description:
      "The month's (`month=YYYY-MM`, UTC; default the current one) requests, units, free units and amount per endpoint, from the same ledger as the console and the invoice; today's spend (UTC); the daily and monthly caps and this key's monthly limit (counted over its roll lineage) with what is spent and left this month; and the account's standing: blocked or not, why, and what is due now. Amounts are integer micro-dollars (`*_micros`) and the same as text (`$1,234.56`). Caps and limits are about today and the current month whatever `month` asks; what is left leaves out calls in flight, which hold their largest cost until they finish. A key restricted to some families or endpoints reads only their usage (`restricted_to`), and sees the caps' limits but not the account's spend against them. A blocked account can still read its usage. Free and not counted: never billed, not in the free tier.",
    params: usageParamsSchema,
    response: usageResponseSchema,
    ...handledByTheGateway,
  },
] satisfies EndpointDefinition[];
