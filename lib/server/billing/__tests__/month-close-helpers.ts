// Helpers of the month-close tests: usage in a past month, and a barrier that holds closes of
// one account at the point where they have read the carried remainder.
import { randomUUID } from 'node:crypto';
import { db } from '@/lib/db';
import { closeLockKey } from '../close-month';
import { closeMonthHooks } from '../close-month-hooks';
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

/** Whether a close of this account waits for the account's close lock. */
async function waitsForCloseLock(accountId: string): Promise<boolean> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted
      AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND objid = (hashtext(${closeLockKey(accountId)})::bigint & 4294967295)::oid`;
  return (row?.n ?? 0) > 0;
}

/**
 * Runs closes of one account's months at once, each held where it has read the remainder it
 * carries in until every other one has read it too, waits for the account's lock, or is done:
 * without a lock that serializes them, they certainly overlap there.
 */
export async function closeAtOnce<T>(
  accountId: string,
  closes: { month: string; run: () => Promise<T> }[],
): Promise<T[]> {
  const arrived = new Set<string>();
  const done = new Set<string>();
  const ready = async (month: string) => {
    const others = closes.filter((c) => c.month !== month);
    if (others.every((c) => arrived.has(c.month) || done.has(c.month))) return true;
    return waitsForCloseLock(accountId);
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
  }
}
