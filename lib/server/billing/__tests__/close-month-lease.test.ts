// One close of an account at a time by a lease row renewed by a heartbeat,
// outside any transaction (month-close-lease.ts). A test clock drives the lease's time and its
// heartbeat; nothing here waits on real time.
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest';

import { db } from '@/lib/db';
import { closeMonth } from '../close-month';
import { closeMonthHooks, type LeaseClock } from '../close-month-hooks';
import { MONTH_CLOSE_HEARTBEAT_MS, MONTH_CLOSE_LEASE_MS } from '../month-close-lease';
import { billedAccount, type BillingWorld, recordCalls, startBillingWorld } from './support/billing-harness';
import { watchLeaseWaits } from './support/month-close-helpers';
import { billingMonth } from '@/lib/utc-month';

/** Time that moves only when the test says, running the heartbeats that fall due on the way. */
class TestClock implements LeaseClock {
  private at = Date.now();
  private readonly timers = new Set<{ ms: number; due: number; tick: () => Promise<void> }>();
  now = () => new Date(this.at);
  every(ms: number, tick: () => Promise<void>) {
    const timer = { ms, due: this.at + ms, tick };
    this.timers.add(timer);
    return () => {
      this.timers.delete(timer);
    };
  }
  async advance(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      const next = [...this.timers].filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.at = next.due;
      next.due += next.ms;
      await next.tick();
    }
    this.at = end;
  }
}

let world: BillingWorld;
let clock: TestClock;
beforeAll(async () => {
  world = await startBillingWorld();
});
afterAll(async () => {
  await world?.close();
});
beforeEach(() => {
  clock = new TestClock();
  closeMonthHooks.clock = clock;
});
afterEach(() => {
  closeMonthHooks.clock = undefined;
  closeMonthHooks.onStep = undefined;
  closeMonthHooks.onLeaseWait = undefined;
});

const month = billingMonth();

/** An account with a card and $0.90 of billed usage this month. */
async function accountToClose() {
  const account = await billedAccount(world, '4242424242424242');
  await recordCalls(world, account.accountId, [
    { endpoint: '/v1/clipnet/video/comments', units: 50 + 150, priceMicros: 6000 },
  ]);
  return account;
}

/** Polls a condition (real time, no deadline of its own: the test's timeout is the bound). */
async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, 10));
}

/** Whether `close` is still running once a close of the account has waited for the lease. */
async function waitsForLease(accountId: string, close: Promise<unknown>): Promise<'waiting' | 'finished'> {
  const leaseWaits = watchLeaseWaits();
  let finished = false;
  void close.finally(() => {
    finished = true;
  });
  await until(() => finished || leaseWaits.waits(accountId));
  return leaseWaits.waits(accountId) && !finished ? 'waiting' : 'finished';
}

/** Holds the first close of the account that reaches `step` until `release` is called. */
function holdAt(accountId: string, step: 'items') {
  let reached = false;
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  closeMonthHooks.onStep = async (at, info) => {
    if (at !== step || info.accountId !== accountId || reached) return;
    reached = true;
    await released;
  };
  return { reached: () => reached, release };
}

const stripeInvoicesOf = async (customer: string) =>
  (await world.stripe.invoices.list({ customer, limit: 100 })).data.map((i) => [i.status, i.amount_paid]);

test('a close whose holder died (its lease expired, no heartbeat) is taken over', { timeout: 60_000 }, async () => {
  const { accountId, customer } = await accountToClose();
  // A close on another machine took the lease a minute ago and died: nobody renews it.
  await db.monthCloseLease.create({
    data: {
      accountId,
      holder: 'worker-2:4242:dead',
      acquiredAt: new Date(clock.now().getTime() - 60_000),
      expiresAt: new Date(clock.now().getTime() + MONTH_CLOSE_LEASE_MS - 60_000),
    },
  });
  const close = closeMonth({ month, accountId });
  // While the lease may still be alive, the close waits and bills nothing.
  expect(await waitsForLease(accountId, close)).toBe('waiting');
  expect(await db.invoice.count({ where: { accountId } })).toBe(0);

  await clock.advance(MONTH_CLOSE_LEASE_MS);
  const [closed] = await close;
  expect([closed?.outcome, closed?.amountCents]).toEqual(['invoiced', 90]);
  expect(await stripeInvoicesOf(customer)).toEqual([['paid', 90]]);
  expect(await db.monthCloseLease.findUnique({ where: { accountId } })).toBeNull();
});

test('a slow close keeps its lease by its heartbeat: a second close waits and bills nothing twice', {
  timeout: 60_000,
}, async () => {
  const { accountId, customer } = await accountToClose();
  const held = holdAt(accountId, 'items');
  const slow = closeMonth({ month, accountId });
  await until(held.reached);
  const holder = (await db.monthCloseLease.findUniqueOrThrow({ where: { accountId } })).holder;

  // Ten heartbeats later the close has run past several leases' length, and still holds its own.
  await clock.advance(10 * MONTH_CLOSE_HEARTBEAT_MS);
  expect(10 * MONTH_CLOSE_HEARTBEAT_MS).toBeGreaterThan(MONTH_CLOSE_LEASE_MS);
  const lease = await db.monthCloseLease.findUniqueOrThrow({ where: { accountId } });
  expect(lease.holder).toBe(holder);
  expect(lease.expiresAt.getTime()).toBeGreaterThan(clock.now().getTime());

  const second = closeMonth({ month, accountId });
  expect(await waitsForLease(accountId, second)).toBe('waiting');
  held.release();
  const results = [...(await slow), ...(await second)];
  expect(results.map((r) => [r.outcome, r.amountCents])).toEqual([
    ['invoiced', 90],
    ['nothing', 0],
  ]);
  expect(await stripeInvoicesOf(customer)).toEqual([['paid', 90]]);
  expect(await db.monthCloseLease.findUnique({ where: { accountId } })).toBeNull();
});

test('a close whose lease was taken over stops before its next Stripe call', { timeout: 60_000 }, async () => {
  const { accountId, customer } = await accountToClose();
  const held = holdAt(accountId, 'items');
  const slow = closeMonth({ month, accountId });
  await until(held.reached);
  // Another close took the lease (this one stalled past it); the next heartbeat finds it gone.
  await db.monthCloseLease.update({ where: { accountId }, data: { holder: 'worker-2:4242:other' } });
  await clock.advance(MONTH_CLOSE_HEARTBEAT_MS);
  held.release();
  const [closed] = await slow;
  expect(closed?.outcome).toBe('failed');
  expect(closed?.error).toMatch(/lease .* was lost/);
  expect((await world.stripe.invoices.list({ customer })).data.map((i) => i.status)).toEqual(['draft']);
  await db.monthCloseLease.delete({ where: { accountId } });
});
