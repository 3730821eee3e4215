// The refusals of an account's key before any endpoint work: 401 for a revoked, expired (or
// rolled past its grace) or deleted key, 403 account_blocked and key_not_permitted. They are
// tallied in "UsageRefusal" (account, key, endpoint, status, code, UTC minute), as record_usage
// tallies the 400, 402 and 429 refusals, so the request log and the dashboard list every refusal
// a key received. They touch nothing of the ledger: no monthly counter is created or locked, so
// a flood of them never waits on, or makes wait, the billing of served calls. Tallies arriving
// while one is written are written together by the next statement (group commit), one round trip
// for any number. A key that names no account has no one to tell: it is not tallied.
import type pg from 'pg';

export interface RefusalRecord {
  accountId: string;
  apiKeyId: string;
  /** The endpoint's path as the registry names it (never a free-form path). */
  endpoint: string;
  status: number;
  code: string;
  createdAt: Date;
}

interface Pending {
  record: RefusalRecord;
  resolve(): void;
  reject(error: unknown): void;
}

/** One statement: the batch grouped, then added to the tallies in key order (no deadlocks). */
const TALLY_REFUSALS_SQL = {
  name: 'tally_refusals',
  text: `INSERT INTO "UsageRefusal" ("accountId", "apiKeyId", "endpoint", "status", "code", "minute", "count")
    SELECT x.a, x.k, x.e, x.s, x.cd, date_trunc('minute', x.t), COUNT(*)::int
    FROM jsonb_to_recordset($1::jsonb) AS x(a text, k text, e text, s int, cd text, t timestamp(3))
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ("accountId", "apiKeyId", "endpoint", "status", "code", "minute")
      DO UPDATE SET "count" = "UsageRefusal"."count" + EXCLUDED."count"`,
};

const MAX_BATCH = 1000;
const ATTEMPTS = 5;

export class RefusalTally {
  private queue: Pending[] = [];
  private writing = false;
  private idle: (() => void)[] = [];

  constructor(private readonly pool: pg.Pool) {}

  /** Resolves once the refusal is counted (committed); rejects after the last retry failed. */
  add(record: RefusalRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      if (!this.writing) void this.next();
    });
  }

  private async next(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      // Times as UTC text: pg would send a Date in the process's own zone.
      const rows = batch.map(({ record: r }) => ({
        a: r.accountId,
        k: r.apiKeyId,
        e: r.endpoint,
        s: r.status,
        cd: r.code,
        t: r.createdAt.toISOString().slice(0, 23),
      }));
      const error = await this.write(JSON.stringify(rows));
      for (const p of batch) {
        if (error === null) p.resolve();
        else p.reject(error);
      }
    }
    this.writing = false;
    this.idle.splice(0).forEach((done) => done());
  }

  /** Writes one batch, retried with backoff; the last error, or null once it is committed. */
  private async write(json: string): Promise<unknown> {
    let last: unknown = null;
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        await this.pool.query({ ...TALLY_REFUSALS_SQL, values: [json] });
        return null;
      } catch (error) {
        last = error;
        if (attempt < ATTEMPTS) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      }
    }
    return last;
  }

  /** Waits for every queued tally to be written. */
  async close(): Promise<void> {
    if (!this.writing) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }
}
