// The monthly invoicing job, run by graphile-worker as its cron would run it.
import { randomUUID } from 'node:crypto';
import { quickAddJob, runOnce } from 'graphile-worker';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import {
  billedAccount,
  type BillingWorld,
  startBillingWorld,
} from '@/lib/server/billing/__tests__/support/billing-harness';
import { closePreviousMonthTask } from '../close-previous-month-task';
import { previousMonth } from '@/lib/utc-month';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});

test('names the month before the one the run falls in, across a year end', () => {
  expect(previousMonth(new Date('2026-12-01T00:05:00Z'))).toBe('2026-11');
  expect(previousMonth(new Date('2027-01-01T00:05:00Z'))).toBe('2026-12');
});

test('closes the previous month for every account when its cron job runs', { timeout: 60_000 }, async () => {
  const { accountId } = await billedAccount(world, '4242424242424242');
  const month = previousMonth(new Date());
  // A call made in that month, so the daily rollup puts it there too.
  await world.recorder.record({
    id: `req_${randomUUID().replace(/-/g, '')}`,
    accountId,
    apiKeyId: null,
    endpoint: '/v1/clipnet/video/comments',
    month,
    status: 200,
    units: 200,
    priceMicros: 6000,
    sentiment: false,
    latencyMs: 1,
    createdAt: new Date(`${month}-15T12:00:00Z`),
    reservedFree: 0,
    counted: true,
  });
  const connectionString = process.env.DATABASE_URL!;
  await quickAddJob({ connectionString }, 'close_previous_month', {
    _cron: { ts: new Date().toISOString(), backfilled: false },
  });
  await runOnce({ connectionString, taskList: { close_previous_month: closePreviousMonthTask } });
  const invoice = await db.invoice.findFirstOrThrow({ where: { accountId, month } });
  expect({ cents: invoice.amountCents, status: invoice.status }).toEqual({ cents: 90, status: 'paid' });
});
