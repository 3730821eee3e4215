// Events and their webhook deliveries, as Stripe makes them: each event is stored, then POSTed
// as JSON to the app's endpoint with `Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">`.
// New events go out in creation order; one that fails (non-2xx or no answer) is retried on its own
// schedule over hours without holding back the events after it, as Stripe's emulator retries "three
// times over a few hours". The schedule runs on the emulator clock, so a test compresses it with
// `POST /_sandbox/clock/advance`; `flush()` sends everything waiting now, so tests need no sleeps.
import { createHmac } from 'node:crypto';
import type { EmulatorClock } from './clock';
import { newId, type EmulatorStore, type StripeObject } from './store';

const EMULATOR_API_VERSION = '2026-10-28.endive';
/** Seconds after a failed attempt before the next: three retries over a few hours. */
const WEBHOOK_RETRY_SCHEDULE_SECONDS = [5 * 60, 60 * 60, 3 * 60 * 60];

/** The Stripe-Signature header for a payload, exactly as Stripe computes it (real time, not the emulator clock). */
function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Fields Stripe leaves out unless `expand[]` asks for them ("includable"), by object type. */
export const INCLUDABLE_FIELDS: Record<string, string[]> = { invoice: ['payments'] };

/** What a public object looks like: the emulator's own bookkeeping fields and includable fields left out. */
export function publicView(object: StripeObject): StripeObject {
  const out: StripeObject = { ...object };
  for (const key of Object.keys(out)) if (key.startsWith('sandbox_')) delete out[key];
  for (const key of INCLUDABLE_FIELDS[object.object] ?? []) delete out[key];
  return out;
}

export class Events {
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly store: EmulatorStore,
    private readonly clock: EmulatorClock,
    private readonly webhook: { url: string | null; secret: string },
    /** The account the events belong to (listed to it only, as Stripe's are). */
    private readonly account: string,
  ) {}

  /** Sends what has fallen due (after the clock moved), and waits for it. */
  async deliverDueNow(): Promise<void> {
    await this.running;
    this.kick();
    await this.running;
  }

  async emit(type: string, object: StripeObject, previous?: Record<string, unknown>): Promise<StripeObject> {
    const event = await this.store.put({
      id: newId('evt'),
      object: 'event',
      created: this.clock.now(),
      livemode: false,
      api_version: EMULATOR_API_VERSION,
      type,
      data: { object: publicView(object), ...(previous ? { previous_attributes: previous } : {}) },
      pending_webhooks: this.webhook.url ? 1 : 0,
      request: { id: null, idempotency_key: null },
      sandbox_account: this.account,
    });
    if (this.webhook.url) {
      await this.store.pool.query(
        'INSERT INTO stripe_sandbox.deliveries (event_id, endpoint, next_attempt_at) VALUES ($1, $2, 0)',
        [event.id, this.webhook.url],
      );
      this.kick();
    }
    return event;
  }

  /** Starts a delivery pass unless one is running. */
  kick(): void {
    if (this.closed || !this.webhook.url) return;
    this.running ??= this.deliverDue(this.clock.now()).finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  /** Sends every delivery due by `at`, oldest first; a failure only reschedules that one. */
  private async deliverDue(at: number): Promise<void> {
    for (;;) {
      const { rows } = await this.store.pool.query(
        `SELECT event_id, attempts FROM stripe_sandbox.deliveries
         WHERE endpoint = $1 AND NOT delivered AND attempts <= $2 AND next_attempt_at <= $3 ORDER BY next_attempt_at, seq LIMIT 1`,
        [this.webhook.url, WEBHOOK_RETRY_SCHEDULE_SECONDS.length, at],
      );
      const next = rows[0] as { event_id: string; attempts: number } | undefined;
      if (!next) return;
      const delivered = await this.post(next.event_id);
      const delay = WEBHOOK_RETRY_SCHEDULE_SECONDS[next.attempts];
      // After the last retry the delivery is given up (attempts passes the schedule's length).
      await this.store.pool.query(
        'UPDATE stripe_sandbox.deliveries SET attempts = attempts + 1, delivered = $2, next_attempt_at = $3 WHERE event_id = $1 AND endpoint = $4',
        [next.event_id, delivered, this.clock.now() + (delay ?? 0), this.webhook.url],
      );
    }
  }

  /** A timer for the next retry that falls due in real time (the app's emulator runs for days). */
  private schedule(): void {
    if (this.closed || !this.webhook.url) return;
    void this.store.pool
      .query(
        'SELECT min(next_attempt_at) AS at FROM stripe_sandbox.deliveries WHERE endpoint = $1 AND NOT delivered AND attempts <= $2',
        [this.webhook.url, WEBHOOK_RETRY_SCHEDULE_SECONDS.length],
      )
      .then(({ rows }) => {
        if (this.closed || rows[0].at === null) return;
        if (this.timer) clearTimeout(this.timer);
        const waitMs = Math.max(0, (Number(rows[0].at) - this.clock.now()) * 1000);
        this.timer = setTimeout(() => this.kick(), Math.min(waitMs, 2 ** 31 - 1));
        this.timer.unref();
      })
      .catch(() => {});
  }

  private async post(eventId: string): Promise<boolean> {
    const event = await this.store.get(eventId);
    if (!event || !this.webhook.url) return true;
    const payload = JSON.stringify(publicView(event), null, 2);
    try {
      const response = await fetch(this.webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, this.webhook.secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer().catch(() => {});
      return response.ok;
    } catch {
      return false;
    }
  }

  private async pending(): Promise<number> {
    const { rows } = await this.store.pool.query(
      'SELECT count(*)::int AS n FROM stripe_sandbox.deliveries WHERE endpoint = $1 AND NOT delivered AND attempts <= $2',
      [this.webhook.url, WEBHOOK_RETRY_SCHEDULE_SECONDS.length],
    );
    return rows[0].n as number;
  }

  /**
   * Sends every waiting delivery now, retries included (time compressed), until none is left or
   * each has used its retries; returns how many are still waiting.
   */
  async flush(): Promise<number> {
    if (!this.webhook.url) return 0;
    for (let round = 0; round <= WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1; round++) {
      await this.running;
      this.running = this.deliverDue(Number.MAX_SAFE_INTEGER).finally(() => {
        this.running = null;
      });
      await this.running;
      if ((await this.pending()) === 0) return 0;
    }
    this.schedule();
    return this.pending();
  }

  /** Stops retrying and waits for a delivery pass in progress. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
