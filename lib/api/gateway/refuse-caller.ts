// A refusal of a key that names an account, for the key itself or its account (401 deleted,
// revoked or expired key, 403 account_blocked or key_not_permitted): answered without billing
// headers (nothing was billed, and a key that no longer works is told nothing of the account),
// and counted in the account's request log (refusal-tally.ts) before the answer leaves, as a
// served call is recorded before its answer. A path that names no endpoint is not counted:
// the log is per endpoint, and a free-form path would let a caller write any text into it.
import type { ApiError } from '../errors';
import type { EndpointDefinition } from '../registry/types';
import type { Caller } from './auth-directory';
import type { CallDeps } from './call-endpoint';
import { outcomeOf, type CallOutcome } from './respond';

export async function refuseCaller(
  deps: Pick<CallDeps, 'recorder' | 'log'>,
  error: ApiError,
  caller: Caller,
  endpoint: EndpointDefinition | undefined,
): Promise<CallOutcome> {
  if (endpoint) {
    // Counting is a courtesy to the account: failing to count must not change the answer.
    await deps.recorder
      .recordRefusal({
        accountId: caller.key.accountId,
        apiKeyId: caller.key.keyId,
        endpoint: endpoint.path,
        status: error.status,
        code: error.code,
        createdAt: new Date(),
      })
      .catch((e: unknown) => deps.log(`could not count a ${error.code} refusal`, e));
  }
  return outcomeOf(error);
}
