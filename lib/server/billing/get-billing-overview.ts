import 'server-only';

import { db } from '@/lib/db';

import { MICROS_PER_CENT } from './invoice-amounts';

import { readMonthAccount } from './read-month-account';
import { billingMonth, monthRange } from '@/lib/utc-month';

export type GetBillingOverviewOptions = { accountId: string; now?: Date };

/**
 * What the billing page shows, scoped to the account: the payment method on file, the
 * standing, what no invoice has charged yet (this month's lines, past months' calls still to be
 * invoiced and a carried remainder, as parts adding up to the total: read-month-account.ts), a
 * straight-line projection of this month's calls to month end, and the invoices.
 */
export async function getBillingOverview({ accountId, now = new Date() }: GetBillingOverviewOptions) {
  const month = billingMonth(now);
  const [account, pending, invoices] = await Promise.all([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        hasPaymentMethod: true,
        billingByInvoice: true,
        paymentMethodLabel: true,
        blockedAt: true,
        blockedReason: true,
        dailyCapMicros: true,
        monthlyCapMicros: true,
        emailUnverified: true,
        autoRechargeEnabled: true,
        autoRechargeThresholdMicros: true,
        autoRechargeAmountMicros: true,
        autoRechargeMonthlyLimitMicros: true,
        autoRechargeStoppedAt: true,
        autoRechargeStoppedReason: true,
      },
    }),
    readMonthAccount({ accountId, month }),
    db.invoice.findMany({
      where: { accountId },
      orderBy: [{ month: 'desc' }, { sequence: 'desc' }],
      take: 24,
      select: {
        id: true,
        month: true,
        sequence: true,
        status: true,
        amountCents: true,
        carriedOutMicros: true,
        number: true,
        hostedInvoiceUrl: true,
        invoicePdfUrl: true,
        createdAt: true,
      },
    }),
  ]);
  const { lines, ...monthAccount } = pending;
  // Only this month's calls grow with the month; the carried and past months' parts stay as they are.
  const thisMonthMicros = monthAccount.parts.find((p) => p.kind === 'this_month')?.micros ?? 0n;
  const [start, end] = monthRange(month);
  const elapsed = Math.max(1, now.getTime() - start.getTime());
  const projectedMicros =
    (thisMonthMicros * BigInt(end.getTime() - start.getTime())) / BigInt(elapsed) +
    (monthAccount.totalMicros - thisMonthMicros);
  // An estimate, so to the nearest cent: "$0.10", not "$0.101386".
  const projectionMicros = ((projectedMicros + MICROS_PER_CENT / 2n) / MICROS_PER_CENT) * MICROS_PER_CENT;
  const day = now.toISOString().slice(0, 10);
  const [today, thisMonth, reached] = await Promise.all([
    db.usageDaily.aggregate({
      where: { accountId, day: new Date(`${day}T00:00:00Z`) },
      _sum: { amountMicros: true },
    }),
    db.usageMonthly.aggregate({ where: { accountId, month }, _sum: { amountMicros: true } }),
    // A cap that refused a call this period is reached, though the spend may stand short of it.
    db.spendingCapReached.findMany({
      where: { accountId, periodLabel: { in: [day, month] } },
      select: { period: true, capMicros: true },
    }),
  ]);
  const refusedAt = (period: string, cap: bigint | null) =>
    reached.some((r) => r.period === period && r.capMicros === cap);
  const caps = {
    daily: capUse(today._sum.amountMicros ?? 0n, account.dailyCapMicros, refusedAt('daily', account.dailyCapMicros)),
    monthly: capUse(
      thisMonth._sum.amountMicros ?? 0n,
      account.monthlyCapMicros,
      refusedAt('monthly', account.monthlyCapMicros),
    ),
  };
  const activity = await db.accountEvent.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 10,
    select: { id: true, type: true, detail: true, actorLabel: true, createdAt: true },
  });
  return { month, account, lines, monthAccount, projectionMicros, invoices, caps, activity };
}

/**
 * Spend against a cap: the share used, and whether it is worth a warning (80 %) or reached (100 %,
 * or `refused`: the cap refused a call this period).
 */
function capUse(spentMicros: bigint, capMicros: bigint | null, refused = false) {
  if (capMicros === null) return { spentMicros, capMicros, level: 'none' as const };
  const percent = Number((spentMicros * 100n) / capMicros);
  return {
    spentMicros,
    capMicros,
    percent,
    level: refused || percent >= 100 ? ('reached' as const) : percent >= 80 ? ('warning' as const) : ('ok' as const),
  };
}

export type BillingOverview = Awaited<ReturnType<typeof getBillingOverview>>;
