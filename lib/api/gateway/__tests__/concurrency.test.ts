// The concurrency limiters' contract, for the in-memory one and the Redis one alike: at most
// `limit` slots per key, other keys counted apart, and a released slot can be taken again.
// The Redis limiter needs Redis (TEST_REDIS_URL or REDIS_URL): skipped locally without one,
// a failure under CI (lib/testing/require-service.ts).
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { requireRedis } from '@/lib/testing/require-service';
import { LocalLimiter, RedisLimiter, type ConcurrencyLimiter } from '../concurrency';

const redisUrl = await requireRedis(import.meta.filename);

function limiterContract(make: () => ConcurrencyLimiter) {
  const limiter = make();
  afterAll(() => limiter.close());

  test('gives at most `limit` slots per key and counts other keys apart', async () => {
    const key = `test:${randomUUID()}`;
    const slots = await Promise.all(Array.from({ length: 3 }, () => limiter.tryAcquire(key, 3)));
    expect(slots.every((slot) => slot !== null)).toBe(true);
    expect(await limiter.tryAcquire(key, 3)).toBeNull();
    expect(await limiter.tryAcquire(`${key}:other`, 3)).not.toBeNull();
  });

  test('lets a released slot be taken again, and a second release frees nothing more', async () => {
    const key = `test:${randomUUID()}`;
    for (let round = 0; round < 3; round++) {
      const slots = await Promise.all(Array.from({ length: 3 }, () => limiter.tryAcquire(key, 3)));
      expect(slots.filter((slot) => slot !== null)).toHaveLength(3);
      slots[0]!.release();
      slots[0]!.release();
      const again = await limiter.tryAcquire(key, 3);
      expect(again).not.toBeNull();
      expect(await limiter.tryAcquire(key, 3)).toBeNull();
      [again, ...slots.slice(1)].forEach((slot) => slot!.release());
    }
  });
}

describe('LocalLimiter', () => limiterContract(() => new LocalLimiter()));

describe.skipIf(!redisUrl)('RedisLimiter', () =>
  limiterContract(() => new RedisLimiter(new Redis(redisUrl!, { enableAutoPipelining: true }))),
);
