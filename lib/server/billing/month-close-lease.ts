import 'server-only';

import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

import { db } from '@/lib/db';
import { logger } from '@/lib/observability/logger';

import { closeMonthHooks, type LeaseClock } from './close-month-hooks';

// One close of an account at a time, whatever the month (two months share its carry chain), on
// every process and machine: a lease row (MonthCloseLease), not a lock held by a transaction. A
// close calls Stripe for as long as it needs; a transaction held open around those calls would be
// cut at its timeout and free the lock while the close went on. The holder renews the lease while
// it works (each renewal commits on its own); a holder that died stops renewing, and the lease
// expires, so the next close takes it over.

/** How long a lease lasts without a renewal: a holder that died is taken over after this. */
export const MONTH_CLOSE_LEASE_MS = 2 * 60_000;
/** How often the holder renews it: several renewals fit in a lease, so one slow write does not lose it. */
export const MONTH_CLOSE_HEARTBEAT_MS = 20_000;
/** How long a close waits for another live close of the account before it gives up (a recorded failure). */
const MONTH_CLOSE_WAIT_MS = 15 * 60_000;
/** How often a waiting close looks again (real time, whatever the clock). */
const RETRY_MS = 250;

const realClock: LeaseClock = {
  now: () => new Date(),
  every(ms, tick) {
    const timer = setInterval(() => void tick(), ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** Another close of the account held the lease, alive, for longer than a close waits. */
class MonthCloseBusyError extends Error {
  constructor(accountId: string, holder: string, since: Date) {
    super(
      `Another close of account ${accountId} is running (${holder}, since ${since.toISOString()}); this one stopped waiting for it.`,
    );
    this.name = 'MonthCloseBusyError';
  }
}

/** The lease was taken over (this holder stopped renewing it for longer than the lease): the close stops. */
class MonthCloseLeaseLostError extends Error {
  constructor(accountId: string, holder: string) {
    super(
      `The close lease of account ${accountId} held by ${holder} was lost; the close stopped before its next Stripe call.`,
    );
    this.name = 'MonthCloseLeaseLostError';
  }
}

/**
 * Runs `close` while holding the account's month-close lease: waits while another live holder has
 * it, takes over an expired one, renews it every MONTH_CLOSE_HEARTBEAT_MS, and lets it go at the
 * end. `close` gets a signal that is aborted when the lease is lost (taken over, or not renewed in
 * time): it checks it before each Stripe write.
 */
export async function withMonthCloseLease<T>(
  accountId: string,
  close: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const clock = closeMonthHooks.clock ?? realClock;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let expiresAt = await acquire(accountId, holder, clock);
  const lost = new AbortController();
  const stop = clock.every(MONTH_CLOSE_HEARTBEAT_MS, async () => {
    if (lost.signal.aborted) return;
    const now = clock.now();
    const renewed = new Date(now.getTime() + MONTH_CLOSE_LEASE_MS);
    try {
      const { count } = await db.monthCloseLease.updateMany({
        where: { accountId, holder },
        data: { expiresAt: renewed },
      });
      if (count === 0) return lost.abort(new MonthCloseLeaseLostError(accountId, holder));
      expiresAt = renewed;
    } catch (error) {
      // The database may be back for the next renewal; past the lease's end another close may have it.
      logger.error({ err: error, accountId }, `close-month: renewing the close lease of account ${accountId} failed`);
      if (now >= expiresAt) lost.abort(new MonthCloseLeaseLostError(accountId, holder));
    }
  });
  try {
    return await close(lost.signal);
  } finally {
    stop();
    await db.monthCloseLease.deleteMany({ where: { accountId, holder } });
  }
}

/** Takes the lease (free or expired), waiting while another holder renews it; returns its expiry. */
async function acquire(accountId: string, holder: string, clock: LeaseClock): Promise<Date> {
  const startedWaiting = clock.now();
  for (;;) {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + MONTH_CLOSE_LEASE_MS);
    // One statement: insert, or take over a lease whose holder stopped renewing it.
    const taken = await db.$queryRaw<{ holder: string }[]>`
      INSERT INTO "MonthCloseLease" ("accountId", "holder", "acquiredAt", "expiresAt")
      VALUES (${accountId}, ${holder}, ${now}, ${expiresAt})
      ON CONFLICT ("accountId") DO UPDATE
        SET "holder" = EXCLUDED."holder", "acquiredAt" = EXCLUDED."acquiredAt", "expiresAt" = EXCLUDED."expiresAt"
        WHERE "MonthCloseLease"."expiresAt" <= ${now}
      RETURNING "holder"`;
    if (taken[0]?.holder === holder) return expiresAt;
    const current = await db.monthCloseLease.findUnique({ where: { accountId } });
    if (current) {
      if (now.getTime() - startedWaiting.getTime() >= MONTH_CLOSE_WAIT_MS)
        throw new MonthCloseBusyError(accountId, current.holder, current.acquiredAt);
      await closeMonthHooks.onLeaseWait?.({ accountId, holder: current.holder });
    }
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}
