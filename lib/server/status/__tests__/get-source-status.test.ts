// The /status figures read from the request log: per live family, the last hour's calls, error
// rate (5xx and rate limits; a 404 is an answer), p50/p95 latency and last success.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { testAdapter } from '@/lib/api/providers/live/__tests__/test-adapter';
import { getSourceStatus } from '../get-source-status';

// An hour of its own, far from any other test's calls.
const now = new Date('2031-03-01T12:00:00Z');
const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
const accountId = `status-test-${randomUUID()}`;
const adapters = { textthreads: testAdapter() };

describe('the status figures', () => {
  afterAll(async () => {
    await db.usageEvent.deleteMany({ where: { accountId } });
  });

  test("sums the last hour of a live family's calls and leaves the other families without figures", async () => {
    const call = (status: number, latencyMs: number, minutesAgo: number, code: string | null = null) => ({
      id: randomUUID(),
      accountId,
      endpoint: '/v1/textthreads/user/posts',
      status,
      code,
      units: 1,
      freeUnits: 0,
      amountMicros: 0n,
      sentiment: false,
      latencyMs,
      createdAt: at(minutesAgo),
    });
    await db.usageEvent.createMany({
      data: [
        ...Array.from({ length: 16 }, (_, i) => call(200, 100 + i * 10, 50 - i)),
        call(404, 80, 30, 'not_found'),
        call(502, 900, 20, 'upstream_error'),
        call(429, 5, 10, 'upstream_rate_limit'),
        call(200, 120, 5),
        call(200, 10_000, 90), // more than an hour ago: not counted
      ],
    });
    const status = await getSourceStatus({ env: { DATA_SOURCE: 'live' }, adapters, now });
    const family = status.families.find((f) => f.family === 'textthreads')!;
    expect(family.source).toBe('live');
    expect(family.lastHour).toMatchObject({ calls: 20, errors: 2 });
    expect(family.lastHour!.p50Ms).toBeGreaterThanOrEqual(120);
    expect(family.lastHour!.p50Ms).toBeLessThanOrEqual(200);
    expect(family.lastHour!.p95Ms).toBeGreaterThanOrEqual(250);
    expect(family.lastHour!.lastSuccess).toEqual(at(5));
    expect(status.families.find((f) => f.family === 'shop')).toMatchObject({ source: 'sandbox', lastHour: null });
  });

  test('shows a live family without calls as such', async () => {
    const status = await getSourceStatus({
      env: { DATA_SOURCE: 'live' },
      adapters,
      now: new Date('2031-04-01T00:00:00Z'),
    });
    expect(status.families.find((f) => f.family === 'textthreads')?.lastHour).toEqual({
      calls: 0,
      errors: 0,
      p50Ms: null,
      p95Ms: null,
      lastSuccess: null,
    });
  });

  test('reports a configuration the API would refuse instead of failing', async () => {
    const status = await getSourceStatus({ env: { DATA_SOURCE_SHOP: 'live' }, adapters, now });
    expect(status.error).toMatch(/DATA_SOURCE_SHOP=live/);
    expect(status.families.every((f) => f.source === 'sandbox')).toBe(true);
  });
});
