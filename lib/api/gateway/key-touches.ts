// Key checks (GET /v1/account/verify) are free and not recorded as usage, but a customer reads a
// key's "last used" to see whether anything still uses it, and a health check that only verifies
// is a use. So a check sets lastUsedAt too, as record_usage does for calls: at most one write
// per key per second and per process (a key checked in a loop costs one small UPDATE a second).
// The column carries no auth trigger (prisma/functions.sql), so this invalidates no caches.
import type pg from 'pg';

const TOUCH_SQL = `
  UPDATE "ApiKey" SET "lastUsedAt" = $2
  WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $2)`;

/** Past this many remembered keys, entries older than the interval are dropped. */
const MAX_REMEMBERED = 10_000;

export class KeyTouches {
  private readonly lastWrite = new Map<string, number>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly intervalMs = 1000,
  ) {}

  /** Sets the key's last-used time to `at` unless this process did so less than a second ago. */
  async touch(keyId: string, at: Date = new Date()): Promise<void> {
    const now = at.getTime();
    const previous = this.lastWrite.get(keyId);
    if (previous !== undefined && now - previous < this.intervalMs) return;
    this.lastWrite.set(keyId, now);
    if (this.lastWrite.size > MAX_REMEMBERED) this.forgetBefore(now - this.intervalMs);
    await this.pool.query({ name: 'touch_api_key', text: TOUCH_SQL, values: [keyId, at] });
  }

  private forgetBefore(cutoff: number): void {
    for (const [keyId, written] of this.lastWrite) if (written < cutoff) this.lastWrite.delete(keyId);
  }
}
