// A key as webhook events tell of it (key.*; docs/webhooks.md): never its hash or plaintext.
import type { ApiKeyRecord, KeyActor } from './api-key-select';

export function keyEventData(record: ApiKeyRecord) {
  return {
    id: record.id,
    name: record.name,
    prefix: record.prefix,
    last4: record.last4,
    status: record.status,
    created_at: record.createdAt.toISOString(),
    expires_at: record.expiresAt?.toISOString() ?? null,
    scopes: record.scopes,
    // Micro-dollars as a decimal string of dollars, like the console shows it.
    monthly_limit_usd: record.monthlyLimitMicros === null ? null : (Number(record.monthlyLimitMicros) / 1e6).toFixed(2),
  };
}

/** Who made the change: a user's email, or "operator" for the command line. */
export function actorEventData(actor: KeyActor) {
  return { type: actor.id ? 'user' : 'operator', email: actor.id ? actor.label : null };
}
