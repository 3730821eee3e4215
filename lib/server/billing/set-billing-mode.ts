import 'server-only';

import { db } from '@/lib/db';
import type { BillingMode } from '@/lib/generated/prisma/client';
import { billingMonth } from '@/lib/utc-month';

import { closeMonth } from './close-month';

export type SetBillingModeResult =
  | { outcome: 'unchanged' | 'switched'; mode: BillingMode }
  | { outcome: 'close_failed'; error: string }
  | { outcome: 'balance_left'; balanceMicros: bigint };

/**
 * Moves an account between post-paid (invoiced after the month) and prepaid (calls draw on the
 * credit balance). Post-paid to prepaid closes the open month first, invoiced as at any close
 * (an early close: calls made while the mode changes go on into the month's next invoice), and
 * switches only once that close succeeded. Prepaid to post-paid is refused while credits remain
 * (their draw before invoicing is not built yet). The API servers learn of the mode at once
 * through the account trigger (prisma/functions.sql).
 */
export async function setBillingMode({
  accountId,
  mode,
  now = new Date(),
}: {
  accountId: string;
  mode: BillingMode;
  now?: Date;
}): Promise<SetBillingModeResult> {
  const account = await db.account.findUniqueOrThrow({
    where: { id: accountId },
    select: { billingMode: true, creditBalanceMicros: true },
  });
  if (account.billingMode === mode) return { outcome: 'unchanged', mode };
  if (mode === 'prepaid') {
    const [closed] = await closeMonth({ month: billingMonth(now), accountId });
    if (closed?.outcome === 'failed') return { outcome: 'close_failed', error: closed.error ?? 'the close failed' };
  } else if (account.creditBalanceMicros > 0n) {
    return { outcome: 'balance_left', balanceMicros: account.creditBalanceMicros };
  }
  await db.account.update({ where: { id: accountId }, data: { billingMode: mode } });
  return { outcome: 'switched', mode };
}
