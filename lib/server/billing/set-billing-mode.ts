import 'server-only';

import { db } from '@/lib/db';
import type { BillingMode } from '@/lib/generated/prisma/client';
import { billingMonth } from '@/lib/utc-month';

import { closeMonth } from './close-month';

export type SetBillingModeResult =
  /** creditsMicros: the credit balance the account keeps (post-paid: drawn before invoicing). */
  | { outcome: 'unchanged' | 'switched'; mode: BillingMode; creditsMicros: bigint }
  | { outcome: 'close_failed'; error: string };

/**
 * Moves an account between post-paid (invoiced after the month) and prepaid (calls draw on the
 * credit balance). Post-paid to prepaid closes the open month first, invoiced as at any close
 * (an early close: calls made while the mode changes go on into the month's next invoice), and
 * switches only once that close succeeded. Prepaid to post-paid keeps the credit balance: each
 * month close draws it before invoicing (draw-credits-before-invoice.ts), and calls in flight
 * that held their cost against it still draw it. The API servers learn of the mode at once
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
  const creditsMicros = account.creditBalanceMicros;
  if (account.billingMode === mode) return { outcome: 'unchanged', mode, creditsMicros };
  if (mode === 'prepaid') {
    const [closed] = await closeMonth({ month: billingMonth(now), accountId });
    if (closed?.outcome === 'failed') return { outcome: 'close_failed', error: closed.error ?? 'the close failed' };
  }
  await db.account.update({ where: { id: accountId }, data: { billingMode: mode } });
  return { outcome: 'switched', mode, creditsMicros };
}
