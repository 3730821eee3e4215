// Events and their webhook deliveries, as Stripe makes them: each event is stored, then POSTed
// as JSON to the app's endpoint with `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">`,
// one at a time in creation order, retried after a failure (non-2xx or no answer) with a
// growing delay; `flush()` resolves once nothing is waiting, so tests need no sleeps.
import { createHmac } from 'node:crypto';
import { newId, now, type SandboxStore, type StripeObject } from './store';

export const SANDBOX_API_VERSION = '2026-10-28.endive';
const RETRY_DELAYS_MS = [200, 1_000, 5_000, 30_000];

/** The Stripe-Signature header for a payload, exactly as Stripe computes it. */
export function signPayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** What a public object looks like: the sandbox's own bookkeeping fields left out. */
export function publicView(object: StripeObject): StripeObject {
  const { sandbox_behaviour: _behaviour, ...rest } = object as StripeObject & { sandbox_behaviour?: unknown };
  return rest;
}

export class Events {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly store: SandboxStore,
    private readonly webhook: { url: string | null; secret: string },
  ) {}

  async emit(type: string, object: StripeObject, previous?: Record<string, unknown>): Promise<StripeObject> {
    const event = await this.store.put({
      id: newId('evt'), object: 'event', created: now(), livemode: false, api_version: SANDBOX_API_VERSION, type,
      data: { object: publicView(object), ...(previous ? { previous_attributes: previous } : {}) },
      pending_webhooks: this.webhook.url ? 1 : 0, request: { id: null, idempotency_key: null },
    });
    if (this.webhook.url) {
      await this.store.pool.query('INSERT INTO stripe_sandbox.deliveries (event_id, endpoint) VALUES ($1, $2)', [event.id, this.webhook.url]);
      this.kick();
    }
    return event;
  }

  /** Starts a delivery pass unless one is running. */
  kick(): void {
    if (this.closed) return;
    this.running ??= this.deliverAll().finally(() => {
      this.running = null;
    });
  }

  private async deliverAll(): Promise<void> {
    for (;;) {
      const { rows } = await this.store.pool.query(
        `SELECT event_id, attempts FROM stripe_sandbox.deliveries
         WHERE endpoint = $2 AND NOT delivered AND attempts < $1 ORDER BY seq LIMIT 1`,
        [RETRY_DELAYS_MS.length + 1, this.webhook.url],
      );
      const next = rows[0] as { event_id: string; attempts: number } | undefined;
      if (!next) return;
      const delivered = await this.post(next.event_id);
      await this.store.pool.query('UPDATE stripe_sandbox.deliveries SET attempts = attempts + 1, delivered = $2 WHERE event_id = $1', [
        next.event_id,
        delivered,
      ]);
      if (!delivered) {
        // Later events wait behind this one, as they would for an endpoint that is down.
        const delay = RETRY_DELAYS_MS[Math.min(next.attempts, RETRY_DELAYS_MS.length - 1)]!;
        this.timer = setTimeout(() => this.kick(), delay);
        this.timer.unref();
        return;
      }
    }
  }

  private async post(eventId: string): Promise<boolean> {
    const event = await this.store.get(eventId);
    if (!event || !this.webhook.url) return true;
    const payload = JSON.stringify(event, null, 2);
    try {
      const response = await fetch(this.webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signPayload(payload, this.webhook.secret), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer().catch(() => {});
      return response.ok;
    } catch {
      return false;
    }
  }

  /** Resolves when every delivery is done, retrying the failed ones now; returns how many are left. */
  async flush(): Promise<number> {
    for (let round = 0; round < 50; round++) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.kick();
      await this.running;
      const { rows } = await this.store.pool.query(
        'SELECT count(*)::int AS n FROM stripe_sandbox.deliveries WHERE endpoint = $2 AND NOT delivered AND attempts < $1',
        [RETRY_DELAYS_MS.length + 1, this.webhook.url],
      );
      if (rows[0].n === 0 || round >= 3) return rows[0].n as number;
    }
    return 0;
  }

  /** Stops retrying and waits for a delivery pass in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
