// A call's last step: its record, handed to the group-commit recorder (usage-recorder.ts), and the
// billing headers of its answer, set once the record is committed. Every call that reaches
// callEndpoint is recorded; one refused before the provider with no units and not counted.
import type { EndpointDefinition } from '../registry/types';
import type { Caller } from './auth-directory';
import type { CallOutcome } from './respond';
import type { UsageRecorder } from './usage-recorder';

/** The call, as its record names it: one moment (`at`, its `month`) taken as it started. */
export interface RecordedCall {
  requestId: string;
  caller: Caller;
  endpoint: EndpointDefinition;
  month: string;
  at: Date;
  /** performance.now() as the call started, for its latency. */
  started: number;
}

/** What the call is billed and what its record keeps. */
export interface CallBilling {
  units: number;
  /** Free units the call held (holds.ts), which its record consumes. */
  reservedFree: number;
  /** Whether the call holds a CallHold row, which its record consumes. */
  held?: boolean;
  /** Whether its cost is drawn from prepaid credits. */
  prepaid?: boolean;
  /** Whether the sentiment surcharge applies (only to a call with units). */
  sentiment: boolean;
  /** Whether it counts as a request (calls refused before the provider do not). */
  counted: boolean;
  /** The validated parameters as a query string, for the request detail. */
  params?: string | null;
}

/** Refused before the provider: recorded, but no units and not counted as a request. */
const REFUSED: CallBilling = { units: 0, reservedFree: 0, sentiment: false, counted: false };

/** Writes the call's record and answers with its billing headers (after the commit). */
export async function recordCall(
  recorder: UsageRecorder,
  call: RecordedCall,
  outcome: CallOutcome,
  billing: CallBilling = REFUSED,
): Promise<CallOutcome> {
  const { units } = billing;
  const billed = await recorder.record({
    id: call.requestId,
    accountId: call.caller.key.accountId,
    apiKeyId: call.caller.key.keyId,
    endpoint: call.endpoint.path,
    month: call.month,
    status: outcome.status,
    code: outcome.status >= 400 ? ((outcome.body as { code?: string } | null)?.code ?? null) : null,
    units,
    priceMicros: call.endpoint.priceMicros,
    sentiment: billing.sentiment && units > 0,
    latencyMs: performance.now() - call.started,
    createdAt: call.at,
    reservedFree: billing.reservedFree,
    counted: billing.counted,
    held: billing.held,
    prepaid: billing.prepaid,
    params: billing.params,
  });
  outcome.headers = {
    ...outcome.headers,
    'x-billed-units': String(units),
    'x-free-units': String(billed.freeUnits),
    'x-billed-amount-micros': String(billed.amountMicros),
    'x-free-tier-remaining': String(billed.freeRemaining),
  };
  return outcome;
}
