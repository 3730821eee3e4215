// One call to one data endpoint, after authentication, as a short sequence: its parameters
// (call-params.ts), a concurrency slot, its holds (hold-call.ts), the provider, and its record
// (record-call.ts). Used for single calls and batch items. Every call that reaches this point is
// recorded; calls refused before the provider (400, 402, 429) are recorded with no units, so they
// are neither billed nor counted. A call has one moment, taken as it starts: its billing month,
// its UTC day (the daily rollup, the caps) and its record's time all come from it, so a call that
// spans midnight is booked to one day and month.
import type pg from 'pg';
import { errorStatus } from '../errors';
import { cutToUnits, maxUnitsOf } from '../registry/units';
import type { EndpointDefinition, Provider } from '../registry/types';
import type { Caller } from './auth-directory';
import { callParams } from './call-params';
import { acquireWaiting, type ConcurrencyLimiter } from './concurrency';
import { type CallHoldResult, callsHold, holdCall, NO_HOLD } from './hold-call';
import { releaseCall } from './holds';
import { callProvider, type SentimentAnalyzer } from './provider-call';
import { recordCall, type RecordedCall } from './record-call';
import { errorOutcome, PreparedBody, type CallOutcome } from './respond';
import type { UsageRecorder } from './usage-recorder';
import { billingMonth } from '@/lib/utc-month';

export type { SentimentAnalyzer } from './provider-call';

export interface CallDeps {
  pool: pg.Pool;
  limiter: ConcurrencyLimiter;
  recorder: UsageRecorder;
  providerFor(endpoint: EndpointDefinition): Provider;
  analyze: SentimentAnalyzer;
  /** Upstream deadline per call. */
  timeoutMs: number;
  /** How long a call's holds last (hold-lease.ts). */
  holdLeaseMs: number;
  log(message: string, detail?: unknown): void;
}

export interface CallContext {
  requestId: string;
  caller: Caller;
  /** The client's connection: aborted when it goes away. Read only when needed (on Node, the
   * first read makes an AbortController): a getter is welcome. */
  readonly signal: AbortSignal;
  /** The query string as sent (`?…`, or empty), when the parameters came from one: their
   * validated form is cached under it (params-cache.ts). */
  search?: string;
  /** Serialize the answer's body as soon as the provider answered, before the call waits for
   * its billing commit (a single call; a batch item's body goes into the batch's). */
  serializeBody?: boolean;
  /** Batch items wait for a concurrency slot instead of failing. */
  waitForSlot: boolean;
  /**
   * Checks the caller again just before the platform is asked (batch items: a key revoked or an
   * account blocked while the batch runs stops its later items). Throws an ApiError to refuse.
   */
  reauthorize?: () => Promise<void>;
}

export async function callEndpoint(
  deps: CallDeps,
  endpoint: EndpointDefinition,
  rawQuery: Iterable<[string, string]>,
  context: CallContext,
): Promise<CallOutcome> {
  const started = performance.now();
  const at = new Date();
  const { caller, requestId } = context;
  const call: RecordedCall = { requestId, caller, endpoint, month: billingMonth(at), at, started };
  // Refused before the provider: recorded, but no units and not counted as a request.
  const refuse = (outcome: CallOutcome) => recordCall(deps.recorder, call, outcome);

  const parsed = callParams(endpoint, rawQuery, context.search);
  if ('refusal' in parsed) return refuse(parsed.refusal);
  // What the log row keeps: the parameters as validated, before a free-tier cut of `pages`.
  const { logged } = parsed;
  let { params } = parsed;
  const slotKey = `${caller.key.accountId}:${endpoint.path}`;
  const slot = context.waitForSlot
    ? await acquireWaiting(deps.limiter, slotKey, endpoint.concurrency, context.signal)
    : await deps.limiter.tryAcquire(slotKey, endpoint.concurrency);
  if (!slot) {
    return refuse(
      errorOutcome(
        'concurrency_limit_exceeded',
        `Too many simultaneous requests to ${endpoint.path}: at most ${endpoint.concurrency} at a time per account`,
        { 'retry-after': '1' },
      ),
    );
  }
  const wanted = maxUnitsOf(endpoint, params);
  let hold: CallHoldResult = NO_HOLD;
  let recorded = false;
  try {
    await context.reauthorize?.();
    const sentiment = params.get_sentiment === true;
    if (callsHold(caller)) hold = await holdCall(deps.pool, { ...call, leaseMs: deps.holdLeaseMs, wanted, sentiment });
    if (hold.refusal) return await refuse(hold.refusal);
    // Pages cut to the free units held (no payment method): said in a header, as results running out are not.
    const cut = hold.pays ? undefined : cutToUnits(endpoint, params, hold.reserved);
    if (cut) params = cut;
    const { outcome, units, sentiments } = await callProvider({
      provider: deps.providerFor(endpoint),
      endpoint,
      params,
      client: context,
      timeoutMs: deps.timeoutMs,
      analyze: deps.analyze,
      logFailure: (error) => deps.log(`request ${requestId}: provider failed`, error),
    });
    if (context.serializeBody && outcome.status < 400) outcome.body = new PreparedBody(JSON.stringify(outcome.body));
    if (outcome.status === errorStatus.upstream_rate_limit) outcome.headers['retry-after'] ??= '1';
    if (cut) outcome.headers['x-free-tier-truncated'] = 'true';
    const answer = await recordCall(deps.recorder, call, outcome, {
      // Never more units than asked for (an upstream claiming more pages): a hold covers what was asked.
      units: Math.min(units, wanted),
      reservedFree: hold.reserved,
      held: hold.held,
      prepaid: hold.prepaid && hold.held,
      // The surcharge is for sentiment given: a call whose records had nothing to read (or no
      // records, or an error) is billed without it.
      sentiment: sentiment && sentiments > 0,
      counted: true,
      params: logged,
    });
    recorded = true;
    return answer;
  } finally {
    slot.release();
    if (hold.held && !recorded) {
      await releaseCall(deps.pool, {
        id: requestId,
        accountId: caller.key.accountId,
        endpoint: endpoint.path,
        month: call.month,
      }).catch((e) => deps.log("releasing a call's holds failed", e));
    }
  }
}
