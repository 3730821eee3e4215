// Records calls and bills them, durably, before the response is sent: group commit.
//
// Each request hands its record to the recorder and waits. Records that arrive while a flush
// is running are written together by the next one, in one transaction that:
//   1. locks the (account, endpoint, month) rows it touches, in sorted order (no deadlocks);
//   2. gives each record its free units from the monthly count (first 50 units free) or from
//      the free units it reserved up front (accounts without a payment method);
//   3. inserts the UsageEvent rows (id = request id, so a record is never written twice),
//      updates the monthly totals and the keys' last-used times;
//   4. commits; only then do the waiting requests respond.
// So a response a client received is always billed, and a unit is billed once: a process
// killed mid-load loses only responses that were never sent. (A kill between commit and send
// bills a response the client did not read; the event row, with its request id, shows it.)
import type pg from 'pg';
import { FREE_UNITS_PER_MONTH, SENTIMENT_SURCHARGE_MICROS } from '../pricing';

export interface UsageRecord {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  endpoint: string;
  month: string;
  status: number;
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
}

export interface BilledUsage {
  freeUnits: number;
  amountMicros: number;
  /** Free units left this month for this endpoint after this call. */
  freeRemaining: number;
}

interface Pending {
  record: UsageRecord;
  resolve(result: BilledUsage): void;
  reject(error: unknown): void;
}

const groupKey = (r: UsageRecord) => `${r.accountId}\u0000${r.endpoint}\u0000${r.month}`;
const sqlTime = (d: Date) => d.toISOString().slice(0, 23);

export class UsageRecorder {
  private queue: Pending[] = [];
  private flushing = 0;
  private closed = false;
  private idle: (() => void)[] = [];

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { maxBatch?: number; maxParallelFlushes?: number } = {},
  ) {}

  record(record: UsageRecord): Promise<BilledUsage> {
    if (this.closed) return Promise.reject(new Error('usage recorder is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    const parallel = this.options.maxParallelFlushes ?? 2;
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
      await client.query('BEGIN');
      const results = await this.write(client, batch, attempt > 1);
      await client.query('COMMIT');
      client.release();
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(true);
      await this.retry(batch, attempt, error);
    }
  }

  private async retry(batch: Pending[], attempt: number, error: unknown): Promise<void> {
    if (attempt >= 5) {
      console.error('usage recorder: giving up on a batch after 5 attempts', error);
      batch.forEach((p) => p.reject(error));
      return;
    }
    await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    return this.flush(batch, attempt + 1);
  }

  private async write(client: pg.PoolClient, batch: Pending[], isRetry: boolean): Promise<BilledUsage[]> {
    const records = batch.map((p) => p.record);
    const keys = [...new Set(records.map(groupKey))].sort();
    const split = keys.map((k) => k.split('\u0000'));
    const cols = (i: number) => split.map((s) => s[i]!);
    await client.query(
      `INSERT INTO "UsageMonthly" ("accountId", "endpoint", "month")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT DO NOTHING`,
      [cols(0), cols(1), cols(2)],
    );
    const { rows } = await client.query(
      `SELECT m."accountId", m."endpoint", m."month", m."freeUnits", m."reservedFree"
       FROM "UsageMonthly" m JOIN unnest($1::text[], $2::text[], $3::text[]) AS k(a, e, mo)
         ON m."accountId" = k.a AND m."endpoint" = k.e AND m."month" = k.mo
       ORDER BY 1, 2, 3 FOR UPDATE OF m`,
      [cols(0), cols(1), cols(2)],
    );
    const groups = new Map<string, { free: number; reserved: number; requests: number; units: number; amount: number }>();
    for (const row of rows) {
      groups.set(`${row.accountId}\u0000${row.endpoint}\u0000${row.month}`, {
        free: row.freeUnits, reserved: row.reservedFree, requests: 0, units: 0, amount: 0,
      });
    }
    // A retry after an unknown commit outcome must not bill twice: skip what is already written.
    const written = new Set<string>();
    if (isRetry) {
      const existing = await client.query('SELECT id FROM "UsageEvent" WHERE id = ANY($1::text[])', [records.map((r) => r.id)]);
      for (const row of existing.rows) written.add(row.id);
    }
    const results: BilledUsage[] = [];
    const fresh: { record: UsageRecord; free: number; amount: number }[] = [];
    for (const record of records) {
      const group = groups.get(groupKey(record))!;
      let free: number;
      if (record.reservedFree > 0) {
        free = Math.min(record.units, record.reservedFree);
        group.reserved = Math.max(0, group.reserved - record.reservedFree);
      } else {
        free = Math.max(0, Math.min(record.units, FREE_UNITS_PER_MONTH - group.free - group.reserved));
      }
      const perUnit = record.priceMicros + (record.sentiment ? SENTIMENT_SURCHARGE_MICROS : 0);
      const amount = (record.units - free) * perUnit;
      if (!written.has(record.id)) {
        group.free += free;
        group.requests += record.counted ? 1 : 0;
        group.units += record.units;
        group.amount += amount;
        fresh.push({ record, free, amount });
      }
      results.push({ freeUnits: free, amountMicros: amount, freeRemaining: Math.max(0, FREE_UNITS_PER_MONTH - group.free - group.reserved) });
    }
    if (fresh.length) {
      const r = fresh.map((f) => f.record);
      await client.query(
        `INSERT INTO "UsageEvent" ("id", "accountId", "apiKeyId", "endpoint", "status", "units", "freeUnits",
           "amountMicros", "sentiment", "latencyMs", "createdAt")
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[],
           $8::bigint[], $9::bool[], $10::int[], $11::timestamp(3)[])`,
        [
          r.map((x) => x.id), r.map((x) => x.accountId), r.map((x) => x.apiKeyId), r.map((x) => x.endpoint),
          r.map((x) => x.status), r.map((x) => x.units), fresh.map((f) => f.free), fresh.map((f) => f.amount),
          r.map((x) => x.sentiment), r.map((x) => Math.round(x.latencyMs)), r.map((x) => sqlTime(x.createdAt)),
        ],
      );
      const entries = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      await client.query(
        `UPDATE "UsageMonthly" m SET
           "requests" = m."requests" + d.requests, "units" = m."units" + d.units,
           "freeUnits" = d.free, "reservedFree" = d.reserved, "amountMicros" = m."amountMicros" + d.amount
         FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[])
           AS d(a, e, mo, requests, units, free, reserved, amount)
         WHERE m."accountId" = d.a AND m."endpoint" = d.e AND m."month" = d.mo`,
        [
          entries.map(([k]) => k.split('\u0000')[0]), entries.map(([k]) => k.split('\u0000')[1]),
          entries.map(([k]) => k.split('\u0000')[2]), entries.map(([, g]) => g.requests), entries.map(([, g]) => g.units),
          entries.map(([, g]) => g.free), entries.map(([, g]) => g.reserved), entries.map(([, g]) => g.amount),
        ],
      );
      const lastUsed = new Map<string, Date>();
      for (const x of r) if (x.apiKeyId && !(lastUsed.get(x.apiKeyId)! >= x.createdAt)) lastUsed.set(x.apiKeyId, x.createdAt);
      const used = [...lastUsed.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
      if (used.length) {
        await client.query(
          `UPDATE "ApiKey" k SET "lastUsedAt" = d.t FROM unnest($1::text[], $2::timestamp(3)[]) AS d(id, t)
           WHERE k.id = d.id AND (k."lastUsedAt" IS NULL OR k."lastUsedAt" < d.t)`,
          [used.map(([id]) => id), used.map(([, t]) => sqlTime(t))],
        );
      }
    }
    return results;
  }

  /** Waits for every queued record to be written, then refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.queue.length === 0 && this.flushing === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
