// One call to one data endpoint, after authentication: validate, limit, check the free tier,
// call the provider, add sentiment, bill and record. Used for single calls and batch items.
import type pg from 'pg';
import type { Sentiment } from '../registry/common';
import { toParameterError } from '../registry/params';
import { ProviderError, type EndpointDefinition, type Provider, type ProviderResult } from '../registry/types';
import { errorStatus } from '../errors';
import { billingMonth } from '../pricing';
import type { Caller } from './auth-directory';
import { acquireWaiting, type ConcurrencyLimiter } from './concurrency';
import { releaseFree, reserveFree } from './free-tier';
import { errorOutcome, type CallOutcome } from './respond';
import type { UsageRecorder } from './usage-recorder';

export type SentimentAnalyzer = (text: string) => Sentiment | null;

export interface CallDeps {
  pool: pg.Pool;
  limiter: ConcurrencyLimiter;
  recorder: UsageRecorder;
  providerFor(endpoint: EndpointDefinition): Provider;
  analyze: SentimentAnalyzer;
  /** Upstream deadline per call. */
  timeoutMs: number;
  log(message: string, detail?: unknown): void;
}

export interface CallContext {
  requestId: string;
  caller: Caller;
  /** The client's connection: aborted when it goes away. */
  signal: AbortSignal;
  /** Batch items wait for a concurrency slot instead of failing. */
  waitForSlot: boolean;
}

/**
 * Query values to an object; blank values count as absent, a repeated name is an error (named
 * in the result). A prototype-free object keeps names like `__proto__` as ordinary (unknown)
 * parameters.
 */
export function queryObject(entries: Iterable<[string, string]>): Record<string, string> | string {
  const query: Record<string, string> = Object.create(null);
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (seen.has(name)) return name;
    seen.add(name);
    if (value.trim() !== '') query[name] = value;
  }
  return query;
}

function requestedUnits(endpoint: EndpointDefinition, params: Record<string, unknown>): number {
  if (endpoint.billingUnit !== 'page' || endpoint.paging?.param !== 'pages') return 1;
  if (params.query !== undefined && endpoint.path === '/v1/photonet/user/following') return 1;
  return typeof params.pages === 'number' ? params.pages : 1;
}

function addSentiment(endpoint: EndpointDefinition, body: Record<string, unknown>, analyze: SentimentAnalyzer): void {
  const target = endpoint.sentimentTarget;
  if (!target) return;
  const records = body[target.list];
  if (!Array.isArray(records)) return;
  for (const record of records as Record<string, unknown>[]) {
    const text = record[target.text];
    let sentiment: Sentiment | null = null;
    try {
      sentiment = typeof text === 'string' ? analyze(text) : null;
    } catch {
      sentiment = null; // the spec: null when the analysis fails
    }
    record.sentiment = sentiment;
  }
}

export async function callEndpoint(
  deps: CallDeps,
  endpoint: EndpointDefinition,
  query: Record<string, string>,
  context: CallContext,
): Promise<CallOutcome> {
  const started = performance.now();
  const parsed = endpoint.params.safeParse(query);
  if (!parsed.success) {
    const { code, error } = toParameterError(parsed.error, query);
    return errorOutcome(code, error);
  }
  let params = parsed.data;
  const { caller } = context;
  const slotKey = `${caller.key.accountId}:${endpoint.path}`;
  const slot = context.waitForSlot
    ? await acquireWaiting(deps.limiter, slotKey, endpoint.concurrency, context.signal)
    : await deps.limiter.tryAcquire(slotKey, endpoint.concurrency);
  if (!slot) {
    return errorOutcome(
      'concurrency_limit_exceeded',
      `Too many simultaneous requests to ${endpoint.path}: at most ${endpoint.concurrency} at a time per account`,
      { 'retry-after': '1' },
    );
  }
  const month = billingMonth();
  const hold = { accountId: caller.key.accountId, endpoint: endpoint.path, month };
  let reserved = 0;
  let recorded = false;
  try {
    if (!caller.account.hasPaymentMethod && !caller.account.billingByInvoice) {
      reserved = await reserveFree(deps.pool, { ...hold, wanted: requestedUnits(endpoint, params) });
      if (reserved === 0) {
        return errorOutcome(
          'payment_required',
          `The free tier of ${endpoint.path} is used up for this month. Add a payment method in the console to continue.`,
          { 'x-free-tier-remaining': '0' },
        );
      }
      if (endpoint.billingUnit === 'page' && endpoint.paging?.param === 'pages' && typeof params.pages === 'number') {
        params = { ...params, pages: Math.min(params.pages, reserved) };
      }
    }

    let outcome: CallOutcome;
    let units = 0;
    let result: ProviderResult | undefined;
    // One controller for both ways a call can end early: the deadline, or the client leaving.
    const upstream = new AbortController();
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      upstream.abort(new Error('upstream deadline'));
    }, deps.timeoutMs);
    const onClientGone = () => upstream.abort(context.signal.reason);
    context.signal.addEventListener('abort', onClientGone, { once: true });
    try {
      result = await deps.providerFor(endpoint).call(endpoint, params, upstream.signal);
      units = endpoint.billingUnit === 'page' ? result.pagesReturned : 1;
      if (params.get_sentiment === true) addSentiment(endpoint, result.body, deps.analyze);
      outcome = { status: 200, body: result.body, headers: {} };
    } catch (error) {
      if (error instanceof ProviderError) {
        units = endpoint.billedErrors[error.code] ?? 0;
        outcome = errorOutcome(error.code, error.message);
      } else if (timedOut) {
        outcome = errorOutcome('upstream_timeout', `The upstream platform did not answer within ${deps.timeoutMs / 1000} s`);
      } else if (context.signal.aborted) {
        outcome = { status: 499, body: { error: 'Client closed the request', code: 'client_closed' }, headers: {} };
      } else {
        deps.log(`request ${context.requestId}: provider failed`, error);
        outcome = errorOutcome('upstream_error', 'The upstream platform failed to answer');
      }
    } finally {
      clearTimeout(deadline);
      context.signal.removeEventListener('abort', onClientGone);
    }

    const billed = await deps.recorder.record({
      id: context.requestId,
      accountId: caller.key.accountId,
      apiKeyId: caller.key.keyId,
      endpoint: endpoint.path,
      month,
      status: outcome.status,
      units,
      priceMicros: endpoint.priceMicros,
      sentiment: params.get_sentiment === true && units > 0,
      latencyMs: performance.now() - started,
      createdAt: new Date(),
      reservedFree: reserved,
      counted: true,
    });
    recorded = true;
    outcome.headers = {
      ...outcome.headers,
      'x-billed-units': String(units),
      'x-free-units': String(billed.freeUnits),
      'x-billed-amount-micros': String(billed.amountMicros),
      'x-free-tier-remaining': String(billed.freeRemaining),
    };
    if (outcome.status === errorStatus.upstream_rate_limit) outcome.headers['retry-after'] = '1';
    return outcome;
  } finally {
    slot.release();
    if (reserved > 0 && !recorded) {
      await releaseFree(deps.pool, { ...hold, units: reserved }).catch((e) => deps.log('releasing a free hold failed', e));
    }
  }
}

