// Helpers of the month-close tests: usage in a past month, and a barrier that holds closes of
// one account at the point where they have read the carried remainder.
import { randomUUID } from 'node:crypto';
import { closeMonthHooks } from '../../close-month-hooks';
import type { BillingWorld } from './billing-harness';

/** "YYYY-MM", `back` months before the current one (UTC). */
export function monthsAgo(back: number, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

/** Writes calls into the ledger of `month` through record_usage, as made on its 15th. */
export async function recordCallsIn(
  world: BillingWorld,
  accountId: string,
  month: string,
  calls: { endpoint: string; units: number; priceMicros: number }[],
): Promise<void> {
  for (const c of calls) {
    await world.recorder.record({
      id: `req_${randomUUID().replace(/-/g, '')}`,
      accountId,
      apiKeyId: null,
      endpoint: c.endpoint,
      month,
      status: 200,
      units: c.units,
      priceMicros: c.priceMicros,
      sentiment: false,
      latencyMs: 1,
      createdAt: new Date(`${month}-15T12:00:00Z`),
      reservedFree: 0,
      counted: true,
    });
  }
}

/**
 * Records which accounts have a close waiting for another close's lease (month-close-lease.ts),
 * until the returned function is called: `waits(accountId)` says whether one has waited.
 */
export function watchLeaseWaits(): { waits: (accountId: string) => boolean; stop: () => void } {
  const waiting = new Set<string>();
  closeMonthHooks.onLeaseWait = ({ accountId }) => {
    waiting.add(accountId);
  };
  return {
    waits: (accountId) => waiting.has(accountId),
    stop: () => {
      closeMonthHooks.onLeaseWait = undefined;
    },
  };
}

/**
 * Runs closes of one account's months at once, each held where it has read the remainder it
 * carries in until every other one has read it too, another waits for the account's close lease,
 * or is done: without a lease that serializes them, they certainly overlap there.
 */
export async function closeAtOnce<T>(
  accountId: string,
  closes: { month: string; run: () => Promise<T> }[],
): Promise<T[]> {
  const arrived = new Set<string>();
  const done = new Set<string>();
  const leaseWaits = watchLeaseWaits();
  const ready = async (month: string) => {
    const others = closes.filter((c) => c.month !== month);
    if (others.every((c) => arrived.has(c.month) || done.has(c.month))) return true;
    return leaseWaits.waits(accountId);
  };
  closeMonthHooks.onStep = async (step, at) => {
    if (step !== 'carry-read' || at.accountId !== accountId) return;
    arrived.add(at.month);
    // A condition polled, not a guess at timing: each round re-reads who is where.
    while (!(await ready(at.month))) await new Promise((r) => setTimeout(r, 10));
  };
  try {
    return await Promise.all(
      closes.map(async (c) => {
        try {
          return await c.run();
        } finally {
          done.add(c.month);
        }
      }),
    );
  } finally {
    closeMonthHooks.onStep = undefined;
    leaseWaits.stop();
  }
}
