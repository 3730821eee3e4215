// Deterministic idempotency keys that survive a server error. Stripe saves the first answer under
// a key "after endpoint execution begins" and replays it for 24 hours, "including 500 errors"
// (docs.stripe.com/api/idempotent_requests): a key made of (invoice, step) that once met a 500
// would fail the same way for a day. So each such call walks attempt-numbered keys: the first
// attempt uses the plain key, and a 5xx that Stripe replays (an earlier attempt's, header
// `Idempotent-Replayed: true`) moves on to `<key>:attempt-2`, then 3, and so on.
//
// A 5xx met for the first time is thrown, not retried under a new key: its outcome is unknown
// (the call may have done its work), so the caller's next run (a webhook Stripe delivers again,
// the next sweep) first re-reads what exists, as every caller here does, and only then walks on
// past the saved 500.

/** The most attempts one call walks through (each a saved 5xx of an earlier run). */
const MAX_ATTEMPTS = 20;

/** The key of an attempt: the plain key first, then `<key>:attempt-<n>`. */
const attemptKey = (key: string, attempt: number) => (attempt === 1 ? key : `${key}:attempt-${attempt}`);

type StripeFailure = { statusCode?: number; headers?: Record<string, string | undefined> };

/** A server error that Stripe answered from its idempotency record: an earlier attempt's, not this one's. */
const isReplayedServerError = (error: unknown) => {
  const { statusCode, headers } = (error ?? {}) as StripeFailure;
  return (statusCode ?? 0) >= 500 && headers?.['idempotent-replayed'] === 'true';
};

/**
 * Runs `call` with the idempotency key `key`, moving on to the next attempt's key for as long as
 * Stripe replays a saved server error.
 */
export async function withIdempotencyAttempts<T>(
  key: string,
  call: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call(attemptKey(key, attempt));
    } catch (error) {
      if (!isReplayedServerError(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
