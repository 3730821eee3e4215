// One call to one data endpoint, after authentication: validate, limit, hold free units and
// spend (holds.ts), call the provider, bill and record. Used for single calls and batch items.
// Every call that reaches this point is recorded; calls refused before the provider (400, 402,
// 429) are recorded with no units, so they are neither billed nor counted. A call has one moment,
// taken as it starts: its billing month, its UTC day (the daily rollup, the caps) and its
// record's time all come from it, so a call that spans midnight is booked to one day and month.
import type pg from 'pg';
import { toParameterError } from '../registry/params';
import { cutToUnits, maxUnitsOf } from '../registry/units';
import type { EndpointDefinition, Provider } from '../registry/types';
import { errorStatus } from '../errors';
import { FREE_UNITS_PER_MONTH } from '../pricing';
import type { CallerAccount, Caller } from './auth-directory';
import { acquireWaiting, type ConcurrencyLimiter } from './concurrency';
import { billingPageUrl, settingsPageUrl } from './console-links';
import { releaseCall, reserveCall } from './holds';
import { cachedParams, keepParams } from './params-cache';
import { callProvider, type SentimentAnalyzer } from './provider-call';
import { errorOutcome, outcomeOf, PreparedBody, type CallOutcome } from './respond';
import { capRefusal, unitCostMicros } from './spend-caps';
import type { UsageRecorder } from './usage-recorder';
import { formatAmount } from '@/lib/money';
import { loggedParams } from '@/lib/usage-log-params';
import { billingMonth, monthStart } from '@/lib/utc-month';

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

/** The 402: which endpoint, when its free tier resets (the 1st of next month, UTC) and where to add a card. */
function freeTierUsedUp(path: string, account: CallerAccount, at: Date): CallOutcome {
  const resets = monthStart(at, 1).toISOString().slice(0, 10);
  const used = `The free tier of ${path} (50 units a month) is used up; it resets on ${resets} at 00:00 UTC.`;
  // A payment method alone is not enough: the owner's email must be verified first.
  if (account.emailUnverified && (account.hasPaymentMethod || account.billingByInvoice || account.prepaid)) {
    return errorOutcome(
      'payment_required',
      `${used} The account's email address is not verified: follow the link we mailed you, or send a new one from ${settingsPageUrl()}, to continue now.`,
    );
  }
  return errorOutcome('payment_required', `${used} Add a payment method at ${billingPageUrl()} to continue now.`);
}

/**
 * The 429 when the free units left are all held by the account's calls in flight: the tier is not
 * used up (that is the 402), so the call may succeed once they finish and give back what they
 * did not use.
 */
function freeTierHeld(path: string, left: number): CallOutcome {
  return errorOutcome(
    'concurrency_limit_exceeded',
    `The ${left} free unit${left === 1 ? '' : 's'} of ${path} left this month ${left === 1 ? 'is' : 'are'} held by this account's calls in flight; retry when they finish.`,
    { 'retry-after': '1' },
  );
}

/**
 * The 402 of a prepaid account whose credits cannot cover the call: the balance left after what
 * its calls in flight hold, and where to buy credits.
 */
function creditsTooLow(creditsLeftMicros: number): CallOutcome {
  return errorOutcome(
    'insufficient_credits',
    `Your prepaid credit balance (${formatAmount(creditsLeftMicros)}, after what your calls in flight hold) cannot cover this call's largest possible cost. Buy credits at ${billingPageUrl()} to continue.`,
  );
}

/**
 * Whether calls beyond the free tier are billed: a verified email, and a payment method on file
 * (post-paid) or the prepaid mode (its credits pay, each call held against them).
 */
function paysBeyondFreeTier(account: CallerAccount): boolean {
  return (account.hasPaymentMethod || account.billingByInvoice || account.prepaid) && !account.emailUnverified;
}

export async function callEndpoint(
  deps: CallDeps,
  endpoint: EndpointDefinition,
  rawQuery: Iterable<[string, string]>,
  context: CallContext,
): Promise<CallOutcome> {
  const started = performance.now();
  const at = new Date();
  const { caller } = context;
  const month = billingMonth(at);

  /** Writes the call's record and answers with its billing headers (after the commit). */
  const record = async (
    outcome: CallOutcome,
    call: {
      units: number;
      reservedFree: number;
      held?: boolean;
      prepaid?: boolean;
      sentiment: boolean;
      counted: boolean;
      params?: string | null;
    },
  ) => {
    const { units, reservedFree } = call;
    const billed = await deps.recorder.record({
      id: context.requestId,
      accountId: caller.key.accountId,
      apiKeyId: caller.key.keyId,
      endpoint: endpoint.path,
      month,
      status: outcome.status,
      code: outcome.status >= 400 ? ((outcome.body as { code?: string } | null)?.code ?? null) : null,
      units,
      priceMicros: endpoint.priceMicros,
      sentiment: call.sentiment && units > 0,
      latencyMs: performance.now() - started,
      createdAt: at,
      reservedFree,
      counted: call.counted,
      held: call.held,
      prepaid: call.prepaid,
      params: call.params,
    });
    outcome.headers = {
      ...outcome.headers,
      'x-billed-units': String(units),
      'x-free-units': String(billed.freeUnits),
      'x-billed-amount-micros': String(billed.amountMicros),
      'x-free-tier-remaining': String(billed.freeRemaining),
    };
    return outcome;
  };
  // Refused before the provider: recorded, but no units and not counted as a request.
  const refuse = (outcome: CallOutcome) =>
    record(outcome, { units: 0, reservedFree: 0, sentiment: false, counted: false });

  let cached = context.search === undefined ? undefined : cachedParams(endpoint, context.search);
  if (cached === undefined) {
    const query = queryObject(rawQuery);
    if (typeof query === 'string') {
      return refuse(errorOutcome('invalid_parameter', `Invalid parameter '${query}': given more than once`));
    }
    const parsed = endpoint.params.safeParse(query);
    if (!parsed.success) {
      const { code, error } = toParameterError(parsed.error, query);
      return refuse(errorOutcome(code, error));
    }
    // A batch item's parameters are not cached (no query string): logged here, once per item.
    cached =
      context.search === undefined
        ? { params: parsed.data, logged: loggedParams(parsed.data) }
        : keepParams(endpoint, context.search, parsed.data);
  }
  // What the log row keeps: the parameters as validated, before a free-tier cut of `pages`.
  const { logged } = cached;
  let { params } = cached;
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
  let reserved = 0;
  // Whether the call holds a CallHold row (free units or spend), which its record consumes.
  let held = false;
  // Whether the call's cost is held against (and drawn from) prepaid credits.
  let prepaid = false;
  let recorded = false;
  // Pages cut to the free units left (no payment method): said in a header, as results running out are not.
  let truncated = false;
  try {
    await context.reauthorize?.();
    const { account } = caller;
    const pays = paysBeyondFreeTier(account);
    // Only an account that pays can be billed, so only its calls are held to its caps and to
    // the key's own monthly limit.
    const keyLimitMicros = pays ? caller.key.monthlyLimitMicros : null;
    const capped =
      pays && (account.dailyCapMicros !== null || account.monthlyCapMicros !== null || keyLimitMicros !== null);
    prepaid = pays && account.prepaid;
    if (!pays || capped || prepaid) {
      const hold = await reserveCall(deps.pool, {
        id: context.requestId,
        accountId: caller.key.accountId,
        endpoint: endpoint.path,
        month,
        at,
        leaseMs: deps.holdLeaseMs,
        wanted,
        unitMicros: unitCostMicros(endpoint, params.get_sentiment === true),
        dailyCapMicros: capped ? account.dailyCapMicros : null,
        monthlyCapMicros: capped ? account.monthlyCapMicros : null,
        keyId: caller.key.keyId,
        keyLimitMicros,
        prepaid,
      });
      if (hold.refused === 'insufficient_credits') return await refuse(creditsTooLow(hold.creditsLeftMicros ?? 0));
      if (hold.refused) return await refuse(outcomeOf(capRefusal(hold.refused, account, at, keyLimitMicros)));
      reserved = hold.freeUnits;
      held = reserved > 0 || hold.spendMicros > 0;
      if (!pays && reserved === 0) {
        const left = FREE_UNITS_PER_MONTH - hold.freeUsed;
        return await refuse(left > 0 ? freeTierHeld(endpoint.path, left) : freeTierUsedUp(endpoint.path, account, at));
      }
      const cut = pays ? undefined : cutToUnits(endpoint, params, reserved);
      if (cut) {
        params = cut;
        truncated = true;
      }
    }
    const { outcome, units, sentiments } = await callProvider({
      provider: deps.providerFor(endpoint),
      endpoint,
      params,
      client: context,
      timeoutMs: deps.timeoutMs,
      analyze: deps.analyze,
      logFailure: (error) => deps.log(`request ${context.requestId}: provider failed`, error),
    });
    if (context.serializeBody && outcome.status < 400) outcome.body = new PreparedBody(JSON.stringify(outcome.body));
    if (outcome.status === errorStatus.upstream_rate_limit) outcome.headers['retry-after'] ??= '1';
    if (truncated) outcome.headers['x-free-tier-truncated'] = 'true';
    // Never more units than asked for (an upstream claiming more pages): a hold covers what was asked.
    const billable = Math.min(units, wanted);
    const answer = await record(outcome, {
      units: billable,
      reservedFree: reserved,
      held,
      prepaid: prepaid && held,
      // The surcharge is for sentiment given: a call whose records had nothing to read (or no
      // records, or an error) is billed without it.
      sentiment: params.get_sentiment === true && sentiments > 0,
      counted: true,
      params: logged,
    });
    recorded = true;
    return answer;
  } finally {
    slot.release();
    if (held && !recorded) {
      await releaseCall(deps.pool, {
        id: context.requestId,
        accountId: caller.key.accountId,
        endpoint: endpoint.path,
        month,
      }).catch((e) => deps.log("releasing a call's holds failed", e));
    }
  }
}
