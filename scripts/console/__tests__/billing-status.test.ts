// `npm run console -- billing-status` as operators run it: a real process listing the month
// closes that failed and the past months still to close.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { db } from '@/lib/db';
import { closeMonth } from '@/lib/server/billing/close-month';
import { closeMonthHooks } from '@/lib/server/billing/close-month-hooks';
import {
  billedAccount,
  type BillingWorld,
  startBillingWorld,
} from '@/lib/server/billing/__tests__/support/billing-harness';
import { monthsAgo, recordCallsIn } from '@/lib/server/billing/__tests__/support/month-close-helpers';
import { consoleArgs } from '@/lib/testing/console-command';

function cli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      consoleArgs(args),
      { env: process.env, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  closeMonthHooks.onStep = undefined;
  await world?.close();
});

test('billing-status lists a failed month close with its error, and the month still to close', {
  timeout: 120_000,
}, async () => {
  const month = monthsAgo(1);
  const { accountId } = await billedAccount(world, '4242424242424242');
  const email = (await db.user.findFirstOrThrow({ where: { accountId } })).email;
  await recordCallsIn(world, accountId, month, [
    { endpoint: '/v1/clipnet/video/comments', units: 200, priceMicros: 6000 },
  ]);
  const marker = `Stripe was unreachable (${randomUUID()})`;
  closeMonthHooks.onStep = (step, at) => {
    if (step === 'invoice-row' && at.accountId === accountId) throw new Error(marker);
  };
  await closeMonth({ month, accountId });
  closeMonthHooks.onStep = undefined;

  const { status, stdout } = await cli('billing-status');
  expect(status).toBe(0);
  const lines = stdout.split('\n');
  const failed = lines.findIndex((l) => l.includes(`${month}  ${email}  account ${accountId}: 1 attempt,`));
  expect(failed).toBeGreaterThan(lines.findIndex((l) => l.startsWith('Failed month closes')));
  expect(lines[failed + 1]!.trim()).toBe(marker);
  expect(lines).toContain(`  ${month}  ${email}  account ${accountId}: 1 invoice not yet charged or sent`);
});

test('billing-status takes no options: anything else is a usage error (exit 2)', async () => {
  const { status, stderr } = await cli('billing-status', '--month', '2026-01');
  expect(status).toBe(2);
  expect(stderr).toContain('Unknown option: --month');
});
