// Records calls and bills them, durably, before the response is sent: group commit.
//
// Each request hands its record to the recorder and waits. Records that arrive while a flush
// is running are written together by the next one, in one call of the record_usage function
// (prisma/functions.sql), one round trip and one transaction, that:
//   1. locks the (account, endpoint, month) rows it touches, in sorted order (no deadlocks),
//      before it reads which calls are recorded already (a retried batch's);
//   2. gives each record its free units from the monthly count (the first FREE_UNITS_PER_MONTH units free) or from
//      the free units it reserved up front (accounts without a payment method or with a cap);
//   3. inserts the UsageEvent rows (id = request id, so a record is never written twice),
//      updates the monthly totals and the keys' last-used times (at most once a second per key
//      and process: a key busy with calls does not rewrite its row in every batch), and deletes
//      the calls' holds (holds.ts): what they held is used now;
//   4. commits; only then do the waiting requests respond.
// So a response a client received is always billed, and a unit is billed once: a process
// killed mid-load loses only responses that were never sent. (A kill between commit and send
// bills a response the client did not read; the event row, with its request id, shows it.)
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '../pricing';
import { TouchThrottle } from './key-touches';
import { RefusalTally, type RefusalRecord } from './refusal-tally';
import { metrics } from '@/lib/observability/metrics';
import { logger } from '@/lib/observability/logger';

export interface UsageRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  endpoint: string;
  month: string;
  status: number;
  /** The error code the caller was answered with; null for a 2xx. */
  code?: string | null;
  /** Billable units (pages returned, or 1 per request, or what an error is billed). */
  units: number;
  priceMicros: number;
  sentiment: boolean;
  latencyMs: number;
  createdAt: Date;
  /** Free units this request reserved before calling the provider (0 with a payment method). */
  reservedFree: number;
  /** Whether the call counts as a request in the monthly totals (it reached the provider). */
  counted: boolean;
  /** Whether the call holds free units or spend (a CallHold row, holds.ts): its billing consumes the hold. */
  held?: boolean;
  /** Whether the call held its cost against prepaid credits: its amount is drawn from the balance. */
  prepaid?: boolean;
  /** The validated parameters the log row keeps (lib/usage-log-params.ts); absent or null: none. */
  params?: string | null;
}

export interface BilledUsage {
  freeUnits: number;
  amountMicros: number;
  /** Free units left this month for this endpoint after this call. */
  freeRemaining: number;
}

interface Pending {
  record: UsageRecord;
  /** Whether this call sets its key's last-used time (decided once, so a retried batch agrees). */
  touchesKey: boolean;
  resolve(result: BilledUsage): void;
  reject(error: unknown): void;
}

const sqlTime = (d: Date) => d.toISOString().slice(0, 23);

/** The billing statement (a prepared statement: parsed once per connection). */
export const RECORD_USAGE_SQL = {
  name: 'record_usage',
  text: 'SELECT id, free_units, amount_micros, free_remaining FROM record_usage($1::jsonb, $2, $3, $4, $5, $6, $7)',
};

/**
 * A batch as record_usage's parameters (the field names are those prisma/functions.sql reads).
 * `retried`: a later attempt, whose calls may be in the ledger already (the first attempt's
 * commit answer lost); a first attempt's request ids are new, so it is not looked up.
 * Then the batch's distinct (account, endpoint, month) groups as three arrays, whose counters the
 * function locks first: finding them in the JSON costs it a pass over every call.
 */
export function encodeBatch(batch: Pick<Pending, 'record' | 'touchesKey'>[], retried: boolean): unknown[] {
  const groups = new Map<string, UsageRecord>();
  for (const { record: r } of batch) groups.set(`${r.accountId}\0${r.endpoint}\0${r.month}`, r);
  const oneOfEach = [...groups.values()];
  const calls = batch.map(({ record: r, touchesKey }) => ({
    id: r.id,
    a: r.accountId,
    k: r.apiKeyId,
    e: r.endpoint,
    m: r.month,
    s: r.status,
    u: r.units,
    p: r.priceMicros,
    snt: r.sentiment,
    l: Math.round(r.latencyMs),
    t: sqlTime(r.createdAt),
    r: r.reservedFree,
    c: r.counted,
    ...(r.code ? { cd: r.code } : {}),
    ...(r.params ? { q: r.params } : {}),
    ...(r.held ? { h: true } : {}),
    ...(r.prepaid ? { pp: true } : {}),
    ...(touchesKey ? {} : { lu: false }),
  }));
  return [
    JSON.stringify(calls),
    FREE_UNITS_PER_MONTH,
    SENTIMENT_SURCHARGE_MICROS,
    retried,
    oneOfEach.map((r) => r.accountId),
    oneOfEach.map((r) => r.endpoint),
    oneOfEach.map((r) => r.month),
  ];
}

export class UsageRecorder {
  private queue: Pending[] = [];
  private flushing = 0;
  private closed = false;
  private idle: (() => void)[] = [];
  private readonly touches = new TouchThrottle();
  private readonly refusals: RefusalTally;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { maxBatch?: number; maxParallelFlushes?: number } = {},
  ) {
    this.refusals = new RefusalTally(pool);
  }

  /**
   * Counts a refusal of the key or its account (401, 403) in the request log's tallies: apart
   * from the ledger's batches (refusal-tally.ts), so it never delays the billing of served calls.
   */
  recordRefusal(refusal: RefusalRecord): Promise<void> {
    if (this.closed) return Promise.reject(new Error('usage recorder is closed'));
    return this.refusals.add(refusal);
  }

  record(record: UsageRecord): Promise<BilledUsage> {
    if (this.closed) return Promise.reject(new Error('usage recorder is closed'));
    return new Promise((resolve, reject) => {
      const touchesKey = record.apiKeyId !== null && this.touches.due(record.apiKeyId, record.createdAt.getTime());
      this.queue.push({ record, touchesKey, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    const parallel = this.options.maxParallelFlushes ?? 1;
    while (this.queue.length > 0 && this.flushing < parallel) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 500);
      this.flushing++;
      void this.flush(batch).finally(() => {
        this.flushing--;
        if (this.queue.length) this.schedule();
        else if (this.flushing === 0) this.idle.splice(0).forEach((done) => done());
      });
    }
  }

  private async flush(batch: Pending[], attempt = 1): Promise<void> {
    const client = await this.pool.connect().catch((error: unknown) => error as Error);
    if (client instanceof Error) return this.retry(batch, attempt, client);
    try {
      // One statement: its own transaction, committed before any caller is answered.
      const results = await this.write(client, batch, attempt > 1);
      client.release();
      metrics.billingBatch(batch.length, (Date.now() - batch[0]!.record.createdAt.getTime()) / 1000);
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      client.release(true);
      await this.retry(batch, attempt, error);
    }
  }

  private async retry(batch: Pending[], attempt: number, error: unknown): Promise<void> {
    if (attempt >= 5) {
      logger.error({ err: error }, 'usage recorder: giving up on a batch after 5 attempts');
      batch.forEach((p) => p.reject(error));
      return;
    }
    await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    return this.flush(batch, attempt + 1);
  }

  private async write(client: pg.PoolClient, batch: Pending[], retried: boolean): Promise<BilledUsage[]> {
    const { rows } = await client.query({ ...RECORD_USAGE_SQL, values: encodeBatch(batch, retried) });
    const byId = new Map<string, BilledUsage>();
    for (const row of rows)
      byId.set(row.id, {
        freeUnits: row.free_units,
        amountMicros: Number(row.amount_micros),
        freeRemaining: row.free_remaining,
      });
    return batch.map(({ record }) => byId.get(record.id)!);
  }

  /** Waits for every queued record to be written, then refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.length > 0 || this.flushing > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    await this.refusals.close();
  }
}
