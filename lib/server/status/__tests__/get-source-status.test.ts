// The /status figures read from the request log: per live family, the last hour's calls, error
// rate (5xx and rate limits; a 404 is an answer), p50/p95 latency and last success.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { testAdapter } from '@/lib/api/providers/live/__tests__/support/test-adapter';
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

  test("says the API is operational, or which live family is degraded, and lists the last day's incidents", async () => {
    // A day of its own: 12:30 UTC, the current hour from 12:00.
    const noon = new Date('2031-05-01T12:30:00Z');
    const hourAt = (hour: number, minute: number) => new Date(Date.UTC(2031, 4, 1, hour, minute));
    const calls = (count: number, failed: number, hour: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: randomUUID(),
        accountId,
        endpoint: '/v1/textthreads/user/posts',
        status: i < failed ? 502 : 200,
        code: i < failed ? 'upstream_error' : null,
        units: 1,
        freeUnits: 0,
        amountMicros: 0n,
        sentiment: false,
        latencyMs: 100,
        createdAt: hourAt(hour, 1 + i),
      }));
    await db.usageEvent.createMany({
      data: [
        ...calls(20, 4, 7), // 20 % failed
        ...calls(20, 2, 8), // 10 %: the same incident, 07:00 to 09:00
        ...calls(20, 0, 9),
        ...calls(5, 5, 10), // too few calls to tell
        ...calls(40, 1, 11), // 2.5 %: under the threshold
      ],
    });
    const before = await getSourceStatus({ env: { DATA_SOURCE: 'live' }, adapters, now: noon });
    expect(before.overall).toEqual({ state: 'operational', degraded: [] });
    expect(before.incidents).toEqual([
      {
        family: 'textthreads',
        title: 'Textthreads',
        start: hourAt(7, 0),
        end: hourAt(9, 0),
        calls: 40,
        errors: 6,
        ongoing: false,
      },
    ]);

    await db.usageEvent.createMany({ data: calls(12, 3, 12) }); // 25 % in the current hour
    const during = await getSourceStatus({ env: { DATA_SOURCE: 'live' }, adapters, now: noon });
    expect(during.overall.state).toBe('degraded');
    expect(during.overall.degraded).toEqual([{ family: 'textthreads', title: 'Textthreads', calls: 23, errors: 3 }]);
    expect(during.incidents.map((i) => [i.start, i.end, i.ongoing])).toEqual([
      [hourAt(12, 0), noon, true],
      [hourAt(7, 0), hourAt(9, 0), false],
    ]);
  });

  test('reports a configuration the API would refuse instead of failing', async () => {
    const status = await getSourceStatus({ env: { DATA_SOURCE_SHOP: 'live' }, adapters, now });
    expect(status.error).toMatch(/DATA_SOURCE_SHOP=live/);
    expect(status.overall.state).toBe('misconfigured');
    expect(status.families.every((f) => f.source === 'sandbox')).toBe(true);
  });
});
