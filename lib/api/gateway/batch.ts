// POST /v1/batch: up to 100 calls in one request. Each item is validated, limited and billed
// exactly as if called alone; items to one endpoint wait for its concurrency slots (in order
// of arrival) instead of failing each other. The batch itself costs nothing.
import { ApiError } from '../errors';
import { findEndpoint } from '../registry';
import { batchRequestSchema, MAX_BATCH_ITEMS } from '../registry/platform';
import type { Caller } from './auth-directory';
import { callEndpoint, type CallDeps } from './call-endpoint';
import { keyNotPermitted, keyPermits } from './key-scopes';
import { refuseCaller } from './refuse-caller';
import { errorOutcome, type CallOutcome } from './respond';

export const MAX_BODY_BYTES = 1_000_000;

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `Batch body must be at most ${MAX_BODY_BYTES} bytes`);
}

/**
 * The body's bytes, read as a stream and abandoned as soon as they pass the limit, so an
 * oversized body costs at most the limit in memory; a Content-Length over it is refused unread.
 */
async function readLimited(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not cancelled: that would reset the connection under the client, which may then never
      // read the 413. Once the answer is sent, Node discards the rest unread (bounded by the
      // server's request timeout), so it costs no memory.
      reader.releaseLock();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

async function readBody(request: Request): Promise<unknown> {
  const bytes = await readLimited(request);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ApiError('invalid_body', 'Batch body must be JSON: {"requests": [{"path": "/v1/...", "params": {...}}]}');
  }
}

export async function runBatch(
  deps: CallDeps,
  request: Request,
  context: { requestId: string; caller: Caller; signal: AbortSignal; reauthorize: () => Promise<void> },
): Promise<CallOutcome> {
  const parsed = batchRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${['body', ...i.path].join('.')}: ${i.message}`);
    const tooMany = parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length === 1);
    const message = tooMany
      ? `A batch holds at most ${MAX_BATCH_ITEMS} calls`
      : `Invalid batch body: ${problems.join('; ')}`;
    return errorOutcome('invalid_body', message);
  }
  const outcomes = await Promise.all(
    parsed.data.requests.map(async (item, index): Promise<CallOutcome> => {
      if (item.path.includes('?')) {
        return errorOutcome(
          'invalid_parameter',
          `Item path ${item.path} carries a query string: give the path alone and move the parameters into "params", e.g. {"path": "${item.path.split('?')[0]}", "params": {...}}`,
        );
      }
      const endpoint = findEndpoint(item.path.replace(/\/+$/, ''));
      if (!endpoint || endpoint.family === null) {
        return errorOutcome('endpoint_not_found', `No data endpoint at ${item.path}`);
      }
      // A restricted key's item outside what it allows: refused like a single call, not billed.
      if (!keyPermits(context.caller.key.scopes, endpoint))
        return refuseCaller(deps, keyNotPermitted(context.caller.key.scopes, endpoint.path), context.caller, endpoint);
      const query = Object.entries(item.params).map(([k, v]): [string, string] => [k, String(v)]);
      try {
        return await callEndpoint(deps, endpoint, query, {
          requestId: `${context.requestId}_${index}`,
          caller: context.caller,
          signal: context.signal,
          waitForSlot: true,
          reauthorize: context.reauthorize,
        });
      } catch (error) {
        // The key was revoked or the account blocked while the batch ran: this item is refused.
        if (error instanceof ApiError) return refuseCaller(deps, error, context.caller, endpoint);
        throw error;
      }
    }),
  );
  let billedUnits = 0;
  let freeUnits = 0;
  let amount = 0;
  let freeRemaining: number | null = null;
  const results = parsed.data.requests.map((item, i) => {
    const { headers, status, body } = outcomes[i]!;
    // An item refused before it reached an endpoint (no such endpoint) has no billing headers.
    const units = Number(headers['x-billed-units'] ?? 0);
    const free = Number(headers['x-free-units'] ?? 0);
    const micros = Number(headers['x-billed-amount-micros'] ?? 0);
    const remaining = headers['x-free-tier-remaining'] === undefined ? null : Number(headers['x-free-tier-remaining']);
    billedUnits += units;
    freeUnits += free;
    amount += micros;
    if (remaining !== null) freeRemaining = Math.min(freeRemaining ?? remaining, remaining);
    return {
      path: item.path,
      status,
      request_id: `${context.requestId}_${i}`,
      billed_units: units,
      free_units: free,
      amount_micros: micros,
      free_tier_remaining: remaining,
      body,
    };
  });
  return {
    status: 200,
    body: { results, count: results.length, billed_units: billedUnits, free_units: freeUnits, amount_micros: amount },
    headers: {
      'x-billed-units': String(billedUnits),
      'x-free-units': String(freeUnits),
      'x-billed-amount-micros': String(amount),
      // Items may call several endpoints, each with its own free tier: the lowest of them.
      ...(freeRemaining === null ? {} : { 'x-free-tier-remaining': String(freeRemaining) }),
    },
  };
}
