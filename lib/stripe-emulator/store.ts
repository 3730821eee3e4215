// The emulator's state: Stripe objects as JSON documents in the app's PostgreSQL, in a schema of
// their own (`stripe_sandbox`), so they survive restarts and the app and test databases stay
// apart. Plain `pg`: this stands in for a third party, it is not the app's system of record.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export type StripeObject = { id: string; object: string; created: number } & Record<string, unknown>;

const SCHEMA = `
CREATE SCHEMA IF NOT EXISTS stripe_sandbox;
CREATE TABLE IF NOT EXISTS stripe_sandbox.objects (
  id text PRIMARY KEY, type text NOT NULL, customer text, seq bigserial, data jsonb NOT NULL);
CREATE INDEX IF NOT EXISTS objects_type_customer ON stripe_sandbox.objects (type, customer, seq);
CREATE TABLE IF NOT EXISTS stripe_sandbox.idempotency (
  key text PRIMARY KEY, fingerprint text NOT NULL, status int NOT NULL, body jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS stripe_sandbox.deliveries (
  event_id text PRIMARY KEY, seq bigserial, attempts int NOT NULL DEFAULT 0, delivered boolean NOT NULL DEFAULT false);
-- A delivery belongs to the endpoint it is sent to, as in Stripe: emulators that post to other
-- URLs (test files running side by side) never deliver, retry or wait for each other's events.
ALTER TABLE stripe_sandbox.deliveries ADD COLUMN IF NOT EXISTS endpoint text;
CREATE INDEX IF NOT EXISTS deliveries_pending ON stripe_sandbox.deliveries (endpoint, seq) WHERE NOT delivered;
-- Each delivery retries on its own schedule (emulator-clock seconds), as Stripe's do.
ALTER TABLE stripe_sandbox.deliveries ADD COLUMN IF NOT EXISTS next_attempt_at bigint NOT NULL DEFAULT 0;
-- Idempotency keys belong to the account (here: the secret key's hash) and expire.
CREATE TABLE IF NOT EXISTS stripe_sandbox.idempotency_keys (
  account text NOT NULL, key text NOT NULL, fingerprint text NOT NULL, status int NOT NULL, body jsonb NOT NULL,
  created bigint NOT NULL, PRIMARY KEY (account, key));
CREATE SEQUENCE IF NOT EXISTS stripe_sandbox.invoice_numbers;
`;

/** Stripe-style ids: a prefix and 24 random alphanumerics. */
export function newId(prefix: string): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `${prefix}_${Array.from(randomBytes(24), (b) => alphabet[b % alphabet.length]).join('')}`;
}

export class EmulatorStore {
  constructor(readonly pool: pg.Pool) {}

  async migrate(): Promise<void> {
    // Concurrent first starts (app and tests) race on CREATE … IF NOT EXISTS; a lock orders them.
    const client = await this.pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', ['stripe_sandbox']);
      await client.query(SCHEMA);
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['stripe_sandbox']);
    } finally {
      client.release();
    }
  }

  async get<T extends StripeObject = StripeObject>(id: string): Promise<T | null> {
    const { rows } = await this.pool.query('SELECT data FROM stripe_sandbox.objects WHERE id = $1', [id]);
    return (rows[0]?.data as T) ?? null;
  }

  async put<T extends StripeObject>(object: T): Promise<T> {
    const customer = typeof object.customer === 'string' ? object.customer : null;
    await this.pool.query(
      `INSERT INTO stripe_sandbox.objects (id, type, customer, data) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, customer = EXCLUDED.customer`,
      [object.id, object.object, customer, JSON.stringify(object)],
    );
    return object;
  }

  /** The next invoice number: one sequence, so concurrent finalizations never share a number. */
  async nextInvoiceNumber(): Promise<string> {
    const { rows } = await this.pool.query("SELECT nextval('stripe_sandbox.invoice_numbers') AS n");
    return `SBX-${String(rows[0].n).padStart(4, '0')}`;
  }

  /** Objects of a type, newest first, optionally of one customer or account and matching a filter. */
  async list<T extends StripeObject = StripeObject>(
    type: string,
    options: { customer?: string; account?: string; where?: (o: T) => boolean } = {},
  ): Promise<T[]> {
    const { rows } = await this.pool.query(
      `SELECT data FROM stripe_sandbox.objects WHERE type = $1 AND ($2::text IS NULL OR customer = $2)
         AND ($3::text IS NULL OR data->>'sandbox_account' = $3) ORDER BY seq DESC`,
      [type, options.customer ?? null, options.account ?? null],
    );
    const all = rows.map((r) => r.data as T);
    return options.where ? all.filter(options.where) : all;
  }
}
