// Idempotency as Stripe documents it for API v1 (docs.stripe.com/api/idempotent_requests and
// /idempotency): "Stripe saves the status code and body of the first request made with a given
// idempotency key after endpoint execution begins. Retries with the same key return the saved
// response, including 500 errors", for 24 hours; "if incoming parameters fail validation, or
// the request conflicts with another that was executing concurrently", nothing is saved. A
// request whose key is still executing is answered 409 `idempotency_key_in_use` (Stripe's error
// code list; the wire shape below is a real Stripe answer quoted in a stripe-go report), and
// saves nothing: the SDKs retry a 409.
import { createHash } from 'node:crypto';
import type { FormValue } from './form';
import type { EmulatorStore } from './store';

/**
 * One answer. `replayed`: the saved answer of an earlier request with the same Idempotency-Key
 * (header `Idempotent-Replayed: true`); `shouldRetry: false`: a 5xx that is saved under its key, so
 * a retry with that key gets it again (header `Stripe-Should-Retry: false`, which Stripe's SDKs obey).
 */
export type ApiAnswer = { status: number; body: unknown; replayed?: boolean; shouldRetry?: false };

/** A request's answer, and whether the endpoint began executing (parameters valid, locks taken). */
export type RoutedAnswer = { answer: ApiAnswer; began: boolean };

interface IdempotencyOptions {
  store: EmulatorStore;
  /** The emulator clock's now, in seconds. */
  now: () => number;
  /** The account the secret key belongs to: idempotency keys are scoped to it, as Stripe scopes them. */
  account: string;
  /** How long an idempotency key is remembered (Stripe: 24 hours). */
  ttlSeconds: number;
}

/** Runs `route` for a POST with an Idempotency-Key at most once per key, replaying its first answer. */
export function createIdempotency({ store, now: clockNow, account, ttlSeconds }: IdempotencyOptions) {
  const inFlight = new Set<string>();

  async function idempotent(
    method: string,
    path: string,
    params: Record<string, FormValue>,
    key: string,
    route: () => Promise<RoutedAnswer>,
  ): Promise<ApiAnswer> {
    const fingerprint = createHash('sha256')
      .update(`${method} ${path} ${JSON.stringify(params)}`)
      .digest('hex');
    const now = clockNow();
    const { rows } = await store.pool.query(
      'SELECT fingerprint, status, body FROM stripe_sandbox.idempotency_keys WHERE account = $1 AND key = $2 AND created > $3',
      [account, key, now - ttlSeconds],
    );
    if (rows[0]) {
      if (rows[0].fingerprint !== fingerprint) {
        return {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        };
      }
      const status = Number(rows[0].status);
      return { status, body: rows[0].body, replayed: true, ...(status >= 500 ? { shouldRetry: false as const } : {}) };
    }
    const { answer, began } = await route();
    // Saved once the endpoint began, whatever it answered (a 500 too); not a validation failure or a lock timeout.
    if (began) {
      await store.pool.query(
        `INSERT INTO stripe_sandbox.idempotency_keys (account, key, fingerprint, status, body, created) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (account, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, body = EXCLUDED.body, created = EXCLUDED.created`,
        [account, key, fingerprint, answer.status, JSON.stringify(answer.body), now],
      );
      if (answer.status >= 500) return { ...answer, shouldRetry: false };
    }
    return answer;
  }

  return async function withIdempotencyKey(
    method: string,
    path: string,
    params: Record<string, FormValue>,
    key: string,
    route: () => Promise<RoutedAnswer>,
  ): Promise<ApiAnswer> {
    if (inFlight.has(key)) {
      return {
        status: 409,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'idempotency_key_in_use',
            message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
          },
        },
      };
    }
    inFlight.add(key);
    try {
      return await idempotent(method, path, params, key, route);
    } finally {
      inFlight.delete(key);
    }
  };
}
