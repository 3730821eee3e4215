// POST /v1/batch: up to 100 calls in one request. Each item is validated, limited and billed
// exactly as if called alone; items to one endpoint wait for its concurrency slots (in order
// of arrival) instead of failing each other. The batch itself costs nothing.
import { ApiError } from '../errors';
import { findEndpoint } from '../registry';
import { batchRequestSchema, MAX_BATCH_ITEMS } from '../registry/platform';
import type { Caller } from './auth-directory';
import { callEndpoint, type CallDeps } from './call-endpoint';
import { errorOutcome, type CallOutcome } from './respond';

const MAX_BODY_BYTES = 1_000_000;

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError('payload_too_large', `Batch body must be at most ${MAX_BODY_BYTES} bytes`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_body', 'Batch body must be JSON: {"requests": [{"path": "/v1/...", "params": {...}}]}');
  }
}

export async function runBatch(
  deps: CallDeps,
  request: Request,
  context: { requestId: string; caller: Caller; signal: AbortSignal },
): Promise<CallOutcome> {
  const parsed = batchRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${['body', ...i.path].join('.')}: ${i.message}`);
    const tooMany = parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length === 1);
    const message = tooMany ? `A batch holds at most ${MAX_BATCH_ITEMS} calls` : `Invalid batch body: ${problems.join('; ')}`;
    return errorOutcome('invalid_body', message);
  }
  const outcomes = await Promise.all(
    parsed.data.requests.map(async (item, index): Promise<CallOutcome> => {
      const endpoint = findEndpoint(item.path.replace(/\/+$/, ''));
      if (!endpoint || endpoint.family === 'platform') {
        return errorOutcome('endpoint_not_found', `No data endpoint at ${item.path}`);
      }
      const query = Object.entries(item.params).map(([k, v]): [string, string] => [k, String(v)]);
      return callEndpoint(deps, endpoint, query, {
        requestId: `${context.requestId}_${index}`,
        caller: context.caller,
        signal: context.signal,
        waitForSlot: true,
      });
    }),
  );
  let billedUnits = 0;
  let amount = 0;
  const results = parsed.data.requests.map((item, i) => {
    const outcome = outcomes[i]!;
    billedUnits += Number(outcome.headers['x-billed-units'] ?? 0);
    amount += Number(outcome.headers['x-billed-amount-micros'] ?? 0);
    return { path: item.path, status: outcome.status, body: outcome.body };
  });
  return {
    status: 200,
    body: { results, count: results.length, billed_units: billedUnits, amount_micros: amount },
    headers: { 'x-billed-units': String(billedUnits), 'x-billed-amount-micros': String(amount) },
  };
}
