// The emulator's REST API in Stripe's wire format: the operations the product calls, each named by
// its operationId in Stripe's OpenAPI description (openapi/), with their parameters checked against
// it (`parameter_unknown` and friends), list envelopes, nested `expand[]`, object locks
// (`lock_timeout`), and Idempotency-Key replay that expires as Stripe's does (idempotency.ts). The
// operations themselves are in routes/, one module per Stripe resource.
import type { EmulatorBilling } from './billing';
import { StripeApiError } from './errors';
import { createExpander } from './expand';
import type { EmulatorFaults } from './faults';
import { list } from './form';
import { type ApiAnswer, createIdempotency, type RoutedAnswer } from './idempotency';
import type { EmulatorInvoices } from './invoices';
import type { ObjectLocks } from './locks';
import { checkParams } from './openapi/params';
import { allRoutes } from './routes';
import { createRouteContext, type Params } from './routes/route';

export interface ApiOptions {
  locks: ObjectLocks;
  /** How long an idempotency key is remembered (Stripe: 24 hours). */
  idempotencyTtlSeconds: number;
  /** The account the secret key belongs to: idempotency keys are scoped to it, as Stripe scopes them. */
  account: string;
  /** Called while a changing call holds its locks (tests make races certain with it). */
  whileLocked?: (operation: string, ids: string[]) => Promise<void>;
  /** Server errors asked for by the `/_sandbox/faults` control. */
  faults: EmulatorFaults;
}

const serverError = (): ApiAnswer => ({
  status: 500,
  body: { error: { type: 'api_error', message: 'The Stripe emulator failed; see its log.' } },
});

export function createApi(billing: EmulatorBilling, invoices: EmulatorInvoices, options: ApiOptions) {
  const expand = createExpander(billing.store);
  const routes = allRoutes(createRouteContext(billing, invoices));
  const withIdempotencyKey = createIdempotency({
    store: billing.store,
    now: () => billing.clock.now(),
    account: options.account,
    ttlSeconds: options.idempotencyTtlSeconds,
  });

  /** Answers one API request; POSTs with an Idempotency-Key replay their first answer for a day. */
  async function handle(
    method: string,
    path: string,
    params: Params,
    idempotencyKey: string | null,
  ): Promise<ApiAnswer> {
    if (method !== 'POST' || !idempotencyKey) return (await route(method, path, params)).answer;
    return withIdempotencyKey(method, path, params, idempotencyKey, () => route(method, path, params));
  }

  /** The answer, and whether the endpoint began executing (parameters valid, locks taken). */
  async function route(method: string, path: string, params: Params): Promise<RoutedAnswer> {
    const found = routes.find((r) => r.method === method && r.pattern.test(path));
    if (!found) {
      return {
        began: false,
        answer: {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${method}: ${path}). The Stripe emulator implements the calls the product makes.`,
            },
          },
        },
      };
    }
    let began = false;
    try {
      checkParams(found.operation, params);
      const match = found.pattern.exec(path)!.slice(1).map(decodeURIComponent);
      const lockIds = (found.locks?.(match, params) ?? []).filter((v): v is string => Boolean(v));
      const result = await options.locks.with(lockIds, async () => {
        began = true;
        if (options.faults.take(found.operation)) throw new InjectedFault(found.operation);
        if (lockIds.length && options.whileLocked) await options.whileLocked(found.operation, lockIds);
        return found.run(match, params);
      });
      return { began, answer: { status: 200, body: await expand(result, list(params, 'expand')) } };
    } catch (error) {
      if (error instanceof StripeApiError)
        return { began, answer: { status: error.status, body: { error: error.body } } };
      if (!(error instanceof InjectedFault)) console.error('Stripe emulator: request failed', error);
      return { began, answer: serverError() };
    }
  }

  return {
    handle,
    operationOf: (method: string, path: string) =>
      routes.find((r) => r.method === method && r.pattern.test(path))?.operation,
  };
}

/** A 500 asked for through `/_sandbox/faults`. */
class InjectedFault extends Error {
  constructor(operation: string) {
    super(`a server error asked for on ${operation}`);
  }
}
