// How often and how many at once we call one platform: a token bucket (requests per minute, a
// burst) and a cap on requests in flight, plus the pause a platform asks for with Retry-After.
// A request waits its turn rather than being refused; only a wait longer than maxWaitMs (a
// platform pause, a queue far behind) is answered at once with 429 upstream_rate_limit and a
// Retry-After, so the customer's deadline is not spent queueing. In memory for one process;
// through Redis (REDIS_URL) for every API process and instance, so N processes together keep
// the same limit one would.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { ProviderError } from '../../registry/types';

/** How hard we may call one platform, shared by every API process (through Redis when set). */
export interface PolitenessLimits {
  /** Sustained requests per minute (the token bucket's refill). Keep below the platform's published limit. */
  requestsPerMinute: number;
  /** Requests that may go at once after a quiet spell (the bucket's size). */
  burst: number;
  /** Requests in flight to the platform at once. */
  concurrency: number;
}

export interface Politeness {
  /** Waits for a slot and a token; resolves to the slot's release. Throws upstream_rate_limit when the wait would exceed maxWaitMs. */
  acquire(signal: AbortSignal): Promise<() => void>;
  /** The platform asked for a pause: no request before `untilMs` (epoch ms). */
  pauseUntil(untilMs: number): Promise<void>;
}

export interface PolitenessOptions {
  family: string;
  limits: PolitenessLimits;
  /** Longest a request queues before it is answered 429 instead (default 10 s). */
  maxWaitMs?: number;
  now?: () => number;
}

function tooLong(waitMs: number, family: string): ProviderError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ProviderError(
    'upstream_rate_limit',
    `The ${family} platform is limiting requests; retry after ${seconds} s`,
    seconds,
  );
}

/** One process's bucket, slots and pause. */
export class LocalPoliteness implements Politeness {
  private tokens: number;
  private refilledAt: number;
  private pausedUntil = 0;
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly ratePerMs: number;
  private readonly maxWaitMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PolitenessOptions) {
    this.now = options.now ?? Date.now;
    this.tokens = options.limits.burst;
    this.refilledAt = this.now();
    this.ratePerMs = options.limits.requestsPerMinute / 60_000;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
  }

  async acquire(signal: AbortSignal): Promise<() => void> {
    const release = await this.slot(signal);
    try {
      const wait = this.reserveToken();
      if (wait > 0) await sleep(wait, undefined, { signal });
      return release;
    } catch (error) {
      release();
      throw error;
    }
  }

  async pauseUntil(untilMs: number): Promise<void> {
    this.pausedUntil = Math.max(this.pausedUntil, untilMs);
  }

  /** Takes a token now (the bucket may go below zero) and says how long to wait for it. */
  private reserveToken(): number {
    const now = this.now();
    this.tokens = Math.min(this.options.limits.burst, this.tokens + (now - this.refilledAt) * this.ratePerMs);
    this.refilledAt = now;
    const wait = Math.max(this.tokens >= 1 ? 0 : Math.ceil((1 - this.tokens) / this.ratePerMs), this.pausedUntil - now);
    if (wait > this.maxWaitMs) throw tooLong(wait, this.options.family);
    this.tokens -= 1;
    return wait;
  }

  private slot(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.inFlight -= 1;
    };
    if (this.inFlight < this.options.limits.concurrency) {
      this.inFlight += 1;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      // A slot handed over by release() keeps inFlight as it is.
      const take = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(take);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(take);
    });
  }
}

// KEYS[1] the bucket hash. ARGV: now ms, refill per ms, burst, max wait ms, ttl ms.
// Returns the wait in ms for the token taken, or -wait when it would be too long (nothing taken).
const RESERVE_TOKEN = `
local now = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local burst = tonumber(ARGV[3])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at', 'pause')
local tokens = tonumber(state[1]) or burst
local at = tonumber(state[2]) or now
local pause = tonumber(state[3]) or 0
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
local wait = 0
if tokens < 1 then wait = math.ceil((1 - tokens) / rate) end
if pause - now > wait then wait = pause - now end
if wait > tonumber(ARGV[4]) then return -wait end
redis.call('HSET', KEYS[1], 'tokens', tokens - 1, 'at', now)
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return wait`;

// KEYS[1] the bucket hash. ARGV: until ms, ttl ms.
const PAUSE = `
local pause = tonumber(redis.call('HGET', KEYS[1], 'pause')) or 0
if tonumber(ARGV[1]) > pause then redis.call('HSET', KEYS[1], 'pause', ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// KEYS[1] the slots' sorted set. ARGV: now ms, expiry ms, limit, member, ttl ms. 1 when taken.
const TAKE_SLOT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** The same limits shared by every process through Redis; slots of a dead process expire. */
export class RedisPoliteness implements Politeness {
  private readonly bucketKey: string;
  private readonly slotsKey: string;
  private readonly maxWaitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly redis: Redis,
    private readonly options: PolitenessOptions & { slotTtlMs?: number },
  ) {
    this.bucketKey = `live:${options.family}:bucket`;
    this.slotsKey = `live:${options.family}:slots`;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  async acquire(signal: AbortSignal): Promise<() => void> {
    const release = await this.slot(signal);
    try {
      const { limits } = this.options;
      const ttl = Math.ceil((limits.burst / limits.requestsPerMinute) * 60_000) + 3_600_000;
      const wait = Number(
        await this.redis.eval(
          RESERVE_TOKEN,
          1,
          this.bucketKey,
          this.now(),
          limits.requestsPerMinute / 60_000,
          limits.burst,
          this.maxWaitMs,
          ttl,
        ),
      );
      if (wait < 0) throw tooLong(-wait, this.options.family);
      if (wait > 0) await sleep(wait, undefined, { signal });
      return release;
    } catch (error) {
      release();
      throw error;
    }
  }

  async pauseUntil(untilMs: number): Promise<void> {
    await this.redis.eval(PAUSE, 1, this.bucketKey, untilMs, Math.max(60_000, untilMs - this.now() + 60_000));
  }

  private async slot(signal: AbortSignal): Promise<() => void> {
    const member = randomUUID();
    const slotTtlMs = this.options.slotTtlMs ?? 120_000;
    let delay = 5;
    for (;;) {
      signal.throwIfAborted();
      const now = this.now();
      const taken = await this.redis.eval(
        TAKE_SLOT,
        1,
        this.slotsKey,
        now,
        now + slotTtlMs,
        this.options.limits.concurrency,
        member,
        slotTtlMs,
      );
      if (taken === 1) break;
      await sleep(delay, undefined, { signal });
      delay = Math.min(delay * 2, 100);
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.redis.zrem(this.slotsKey, member).catch(() => {});
    };
  }
}
