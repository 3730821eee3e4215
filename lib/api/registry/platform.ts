// The endpoints that are not a platform's data: batch and the key check. The gateway handles
// them itself (lib/api/gateway/batch.ts, verify-key.ts); they are here for validation, the
// OpenAPI document, the docs and the explorer.
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

export const batchResponseSchema = z.object({
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
  key: z.object({ name: z.string().nullable(), prefix: z.string(), last4: z.string(), status: z.enum(['active']) }),
  account: z.object({
    status: z.enum(['active', 'blocked']),
    payment_method: z.boolean(),
    billing: z.enum(['card', 'invoice', 'free_tier_only']),
  }),
});

export const platformEndpoints = [
  // POST /v1/batch: up to 100 calls in one request, each billed as if called alone
  {
    path: '/v1/batch',
    family: 'platform',
    method: 'POST',
    summary: 'Run up to 100 calls in one request',
    description:
      'JSON body {"requests": [{"path": "/v1/...", "params": {...}}]} with 1 to 100 calls. Results come back in order, each with its status and body. Every item is validated, limited and billed exactly as if called alone; items to one endpoint wait for that endpoint\'s concurrency limit instead of failing.',
    params: params({}),
    response: batchResponseSchema,
    priceMicros: 0,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: {},
  },
  // GET /v1/account/verify: does this key work, and what is it (free, not counted)
  {
    path: '/v1/account/verify',
    family: 'platform',
    method: 'GET',
    summary: 'Check an API key',
    description:
      "Answers whether the key works, what it is (name, display prefix, status) and the account's state. Free and not counted.",
    params: params({}),
    response: verifyResponseSchema,
    priceMicros: 0,
    billingUnit: 'request',
    concurrency: 10,
    sentiment: false,
    billedErrors: {},
    example: {},
  },
] satisfies EndpointDefinition[];
