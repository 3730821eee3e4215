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

/** Which keys' last-used times are due for a write: at most one per key per interval. */
export class TouchThrottle {
  private readonly lastWrite = new Map<string, number>();

  constructor(private readonly intervalMs = 1000) {}

  /** True, and remembered as written, unless the key was written less than the interval before `at`. */
  due(keyId: string, at: number): boolean {
    const previous = this.lastWrite.get(keyId);
    if (previous !== undefined && at - previous < this.intervalMs) return false;
    this.lastWrite.set(keyId, at);
    if (this.lastWrite.size > MAX_REMEMBERED) {
      for (const [key, written] of this.lastWrite) if (written < at - this.intervalMs) this.lastWrite.delete(key);
    }
    return true;
  }
}

export class KeyTouches {
  private readonly throttle: TouchThrottle;

  constructor(
    private readonly pool: pg.Pool,
    intervalMs = 1000,
  ) {
    this.throttle = new TouchThrottle(intervalMs);
  }

  /** Sets the key's last-used time to `at` unless this process did so less than a second ago. */
  async touch(keyId: string, at: Date = new Date()): Promise<void> {
    if (!this.throttle.due(keyId, at.getTime())) return;
    // As an ISO string: pg would send a Date in the process's local zone, and the column (a
    // timestamp without time zone, holding UTC) would keep that zone's wall time.
    await this.pool.query({ name: 'touch_api_key', text: TOUCH_SQL, values: [keyId, at.toISOString()] });
  }
}
