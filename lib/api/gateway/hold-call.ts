// A call's holds, taken before the provider is asked (holds.ts, reserve_call): the free units of
// an account that does not pay beyond the free tier, and the largest cost of a call of an account
// with caps, a key with a monthly limit or prepaid credits; and the refusal when a hold cannot be
// had: 402 when the free tier is used up or the credits cannot cover the call, 429 when the free
// units left are held by calls in flight or a cap or the key's limit would be passed.
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH } from '../pricing';
import type { EndpointDefinition } from '../registry/types';
import type { CallerAccount, Caller } from './auth-directory';
import { billingPageUrl, settingsPageUrl } from './console-links';
import { reserveCall } from './holds';
import { type CallOutcome, errorOutcome, outcomeOf } from './respond';
import { capRefusal, unitCostMicros } from './spend-caps';
import { formatAmount } from '@/lib/money';
import { monthStart } from '@/lib/utc-month';

export interface CallHoldResult {
  /** Whether calls beyond the free tier are billed to the account (then its pages are never cut). */
  pays: boolean;
  /** Free units held for the call. */
  reserved: number;
  /** Whether the call holds a CallHold row (free units or spend), which its record consumes. */
  held: boolean;
  /** Whether the call's cost is held against, and drawn from, prepaid credits. */
  prepaid: boolean;
  /** The answer when the call is refused (its record is made by the caller, who gives back a hold). */
  refusal?: CallOutcome;
}

/** No hold: what a call of an account that pays, with no caps or credits to hold against, has. */
export const NO_HOLD: CallHoldResult = { pays: true, reserved: 0, held: false, prepaid: false };

/**
 * Whether calls beyond the free tier are billed: a verified email, and a payment method on file
 * (post-paid) or the prepaid mode (its credits pay, each call held against them).
 */
function paysBeyondFreeTier(account: CallerAccount): boolean {
  return (account.hasPaymentMethod || account.billingByInvoice || account.prepaid) && !account.emailUnverified;
}

/** The 402: which endpoint, when its free tier resets (the 1st of next month, UTC) and where to add a card. */
function freeTierUsedUp(path: string, account: CallerAccount, at: Date): CallOutcome {
  const resets = monthStart(at, 1).toISOString().slice(0, 10);
  const used = `The free tier of ${path} (${FREE_UNITS_PER_MONTH} units a month) is used up; it resets on ${resets} at 00:00 UTC.`;
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
 * Whether the caller's calls hold anything: free units (an account that does not pay), spend
 * (caps, the key's monthly limit) or prepaid credits. Most paying callers' calls hold nothing, and
 * the gateway then skips holdCall and its await on the hot path; holdCall asks it too.
 */
export function callsHold(caller: Caller): boolean {
  const { account } = caller;
  if (!paysBeyondFreeTier(account)) return true;
  return (
    account.prepaid ||
    account.dailyCapMicros !== null ||
    account.monthlyCapMicros !== null ||
    caller.key.monthlyLimitMicros !== null
  );
}

/** Holds what the call needs held, or says why it is refused. */
export async function holdCall(
  pool: pg.Pool,
  call: {
    requestId: string;
    caller: Caller;
    endpoint: EndpointDefinition;
    month: string;
    at: Date;
    /** How long the hold lasts (hold-lease.ts). */
    leaseMs: number;
    /** The most units the call may bill (registry/units.ts). */
    wanted: number;
    /** Whether sentiment is asked for (its surcharge is part of the largest cost). */
    sentiment: boolean;
  },
): Promise<CallHoldResult> {
  const { caller, endpoint, at } = call;
  if (!callsHold(caller)) return NO_HOLD;
  const { account } = caller;
  const pays = paysBeyondFreeTier(account);
  // Only an account that pays can be billed, so only its calls are held to its caps and to
  // the key's own monthly limit.
  const keyLimitMicros = pays ? caller.key.monthlyLimitMicros : null;
  const capped =
    pays && (account.dailyCapMicros !== null || account.monthlyCapMicros !== null || keyLimitMicros !== null);
  const prepaid = pays && account.prepaid;
  const hold = await reserveCall(pool, {
    id: call.requestId,
    accountId: caller.key.accountId,
    endpoint: endpoint.path,
    month: call.month,
    at,
    leaseMs: call.leaseMs,
    wanted: call.wanted,
    unitMicros: unitCostMicros(endpoint, call.sentiment),
    dailyCapMicros: capped ? account.dailyCapMicros : null,
    monthlyCapMicros: capped ? account.monthlyCapMicros : null,
    keyId: caller.key.keyId,
    keyLimitMicros,
    prepaid,
  });
  const refused = { pays, reserved: 0, held: false, prepaid };
  if (hold.refused === 'insufficient_credits')
    return { ...refused, refusal: creditsTooLow(hold.creditsLeftMicros ?? 0) };
  if (hold.refused) return { ...refused, refusal: outcomeOf(capRefusal(hold.refused, account, at, keyLimitMicros)) };
  const held = { pays, reserved: hold.freeUnits, held: hold.freeUnits > 0 || hold.spendMicros > 0, prepaid };
  if (!pays && held.reserved === 0) {
    const left = FREE_UNITS_PER_MONTH - hold.freeUsed;
    return {
      ...held,
      refusal: left > 0 ? freeTierHeld(endpoint.path, left) : freeTierUsedUp(endpoint.path, account, at),
    };
  }
  return held;
}
