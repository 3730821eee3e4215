import 'server-only';

import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { db } from '@/lib/db';
import { billingMonth } from '@/lib/utc-month';

export type GetFreeUnitsLeftOptions = { accountId: string; endpoint: string; now?: Date };

/**
 * How many of an endpoint's free units the account has left this month (UTC), as the billing
 * counts them: the monthly row's free units, less those held by calls still in flight (their
 * CallHold rows before their lease ends, as reserve_call counts them).
 */
export async function getFreeUnitsLeft({ accountId, endpoint, now = new Date() }: GetFreeUnitsLeftOptions) {
  const month = billingMonth(now);
  const [row, held] = await Promise.all([
    db.usageMonthly.findUnique({
      where: { accountId_endpoint_month: { accountId, endpoint, month } },
      select: { freeUnits: true },
    }),
    db.callHold.aggregate({
      where: { accountId, endpoint, month, expiresAt: { gt: now } },
      _sum: { freeUnits: true },
    }),
  ]);
  const used = (row?.freeUnits ?? 0) + (held._sum.freeUnits ?? 0);
  return {
    endpoint,
    month,
    freeUnitsPerMonth: FREE_UNITS_PER_MONTH,
    freeUnitsLeft: Math.max(0, FREE_UNITS_PER_MONTH - used),
  };
}
