import 'server-only';

import { db } from '@/lib/db';

import { lockCreditBalance } from './credits';

/**
 * Credits expire 12 months after they were added (their lot's expiresAt), oldest first: what is
 * left of a lot is its amount, less its refunds (a refund names the lot it gave back), less what
 * was drawn before it ran out, the account's draws and expiries so far taken from its lots oldest
 * first. Each expired lot gets one
 * "Credits expired" line (CreditEntry.expiredLotId, unique) and the balance goes down by it, in
 * one transaction under the account's spend lock (reserve_call's), reading the balance and the
 * holds of calls in flight in one statement: a lot whose remainder is held by calls in flight
 * waits for the next run, so a call never draws past the balance. Run daily by the worker
 * (expire_credits). Answers the lines written.
 */
export async function expireCredits({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const accounts = await db.creditEntry.findMany({
    where: { expiresAt: { lte: now }, kind: { in: ['purchase', 'recharge', 'grant'] }, expiredBy: null },
    distinct: ['accountId'],
    select: { accountId: true },
  });
  let written = 0;
  for (const { accountId } of accounts) written += await expireAccountCredits(accountId, now);
  return written;
}

async function expireAccountCredits(accountId: string, now: Date): Promise<number> {
  return db.$transaction(async (tx) => {
    const state = await lockCreditBalance(tx, accountId, now);
    if (!state) return 0;
    const lots = await tx.creditEntry.findMany({
      where: { accountId, kind: { in: ['purchase', 'recharge', 'grant'] } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        id: true,
        amountMicros: true,
        expiresAt: true,
        expiredBy: { select: { id: true } },
        refunds: { select: { amountMicros: true } },
      },
    });
    // A lot is what was paid less what was refunded of it (a refund names its lot).
    const sizes = lots.map((l) => l.amountMicros + l.refunds.reduce((sum, r) => sum + r.amountMicros, 0n));
    const totalIn = sizes.reduce((sum, size) => sum + size, 0n);
    // Everything else taken so far (draws, expiries), from the oldest lots first.
    let taken = totalIn - state.balance;
    let balance = state.balance;
    let written = 0;
    let cumulative = 0n;
    for (const [i, lot] of lots.entries()) {
      const size = sizes[i]!;
      cumulative += size;
      if (!lot.expiresAt || lot.expiresAt > now) break;
      if (lot.expiredBy) continue;
      const left = cumulative - taken;
      let remaining = left;
      if (remaining < 0n) remaining = 0n;
      if (remaining > size) remaining = size;
      if (remaining > balance - state.held) break;
      await tx.creditEntry.create({
        data: {
          accountId,
          kind: 'expiry',
          amountMicros: -remaining,
          createdAt: lot.expiresAt,
          expiredLotId: lot.id,
        },
      });
      if (remaining > 0n) {
        await tx.account.update({
          where: { id: accountId },
          data: { creditBalanceMicros: { decrement: remaining } },
        });
      }
      balance -= remaining;
      taken += remaining;
      written++;
    }
    return written;
  });
}
