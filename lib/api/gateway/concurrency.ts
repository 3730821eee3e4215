// Simultaneous requests per account per endpoint. One process counts in memory; the workers of
// one API server (API_WORKERS > 1) ask their primary process, which counts in memory for them
// (cluster-limiter.ts); several instances share the count through Redis (REDIS_URL), where each
// slot is a member of a sorted set scored by its expiry, so a slot held by a process that died
// frees itself.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface Slot {
  release(): void;
}

export interface ConcurrencyLimiter {
  /** A slot, or null when `limit` requests are already in flight for `key`. */
  tryAcquire(key: string, limit: number): Promise<Slot | null>;
  close(): Promise<void>;
}

export class LocalLimiter implements ConcurrencyLimiter {
  private readonly inFlight = new Map<string, number>();

  async tryAcquire(key: string, limit: number): Promise<Slot | null> {
    return this.take(key, limit);
  }

  /** tryAcquire without the promise: the cluster's primary answers its workers in one step. */
  take(key: string, limit: number): Slot | null {
    const current = this.inFlight.get(key) ?? 0;
    if (current >= limit) return null;
    this.inFlight.set(key, current + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left <= 0) this.inFlight.delete(key);
        else this.inFlight.set(key, left);
      },
    };
  }

  async close(): Promise<void> {}
}

// KEYS[1] the set; ARGV: now ms, expiry ms, limit, member. Returns 1 when the slot was taken.
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export class RedisLimiter implements ConcurrencyLimiter {
  constructor(
    private readonly redis: Redis,
    /** How long a slot may be held before it is presumed abandoned (longer than any request). */
    private readonly slotTtlMs = 120_000,
  ) {}

  async tryAcquire(key: string, limit: number): Promise<Slot | null> {
    const setKey = `slots:${key}`;
    const member = randomUUID();
    const now = Date.now();
    const taken = await this.redis.eval(ACQUIRE, 1, setKey, now, now + this.slotTtlMs, limit, member, this.slotTtlMs);
    if (taken !== 1) return null;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.redis.zrem(setKey, member).catch(() => {});
      },
    };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => {});
  }
}

/** Waits for a slot, for batch items queued behind their endpoint's limit. */
export async function acquireWaiting(
  limiter: ConcurrencyLimiter,
  key: string,
  limit: number,
  signal: AbortSignal,
  timeoutMs = 60_000,
): Promise<Slot | null> {
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  while (!signal.aborted && Date.now() < deadline) {
    const slot = await limiter.tryAcquire(key, limit);
    if (slot) return slot;
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 50);
  }
  return null;
}
