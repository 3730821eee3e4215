import 'server-only';

import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { db } from '@/lib/db';
import { getAccountStanding } from '@/lib/server/billing/get-billing-overview';

import { readMonthAccount } from '@/lib/server/billing/read-month-account';
import { billingMonth, monthRange } from '@/lib/utc-month';

export type GetDashboardOverviewOptions = { accountId: string; now?: Date };

/** An endpoint counts as near its free tier from this many free units used (80 %). */
export const NEAR_FREE_TIER = Math.ceil(FREE_UNITS_PER_MONTH * 0.8);

const DAY_MS = 86_400_000;

/**
 * The console's home, scoped to the account: this month's spend and a straight-line projection
 * (from the ledger), the endpoints near or past their free tier, the payment method and
 * standing, and the last 24 hours' calls with their error rate (refused calls included). A new
 * account (no key or no call yet) gets what it needs for its first steps instead.
 */
export async function getDashboardOverview({ accountId, now = new Date() }: GetDashboardOverviewOptions) {
  const month = billingMonth(now);
  const [start, end] = monthRange(month);
  const since = new Date(now.getTime() - DAY_MS);
  const [account, lines, liveKeys, everCalled, recent, refused] = await Promise.all([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        hasPaymentMethod: true,
        billingByInvoice: true,
        paymentMethodLabel: true,
        blockedAt: true,
        blockedReason: true,
        blockedCauses: true,
        blockedDueCents: true,
      },
    }),
    db.usageMonthly.findMany({
      where: { accountId, month },
      select: { endpoint: true, requests: true, units: true, freeUnits: true, amountMicros: true },
    }),
    db.apiKey.count({ where: { accountId, status: 'active' } }),
    db.usageMonthly.findFirst({ where: { accountId }, select: { month: true } }),
    db.$queryRaw<{ calls: number; errors: number }[]>`
      SELECT COUNT(*)::int AS calls, COUNT(*) FILTER (WHERE e."status" >= 400)::int AS errors
      FROM "UsageEvent" e WHERE e."accountId" = ${accountId} AND e."createdAt" >= ${since}`,
    db.$queryRaw<{ count: number }[]>`
      SELECT COALESCE(SUM(r."count"), 0)::int AS count FROM "UsageRefusal" r
      WHERE r."accountId" = ${accountId} AND r."minute" >= ${new Date(Math.floor(since.getTime() / 60_000) * 60_000)}`,
  ]);

  // An amount carried from an earlier invoice (the $0.50 minimum), and the remedy for each block cause.
  const [pending, standing] = await Promise.all([
    readMonthAccount({ accountId, month }),
    account.blockedAt ? getAccountStanding({ accountId }) : null,
  ]);
  const carriedMicros = pending.parts.find((p) => p.kind === 'carried')?.micros ?? 0n;
  const spentMicros = lines.reduce((sum, l) => sum + Number(l.amountMicros), 0);
  const elapsed = Math.max(1, now.getTime() - start.getTime());
  // An estimate, so to the nearest cent ("$0.11", not "$0.113235").
  const projectionMicros = Math.round((spentMicros * (end.getTime() - start.getTime())) / elapsed / 10_000) * 10_000;
  const freeTier = lines
    .filter((l) => l.freeUnits >= NEAR_FREE_TIER)
    .map((l) => ({
      endpoint: l.endpoint,
      freeUnits: l.freeUnits,
      billableUnits: l.units - l.freeUnits,
      past: l.freeUnits >= FREE_UNITS_PER_MONTH,
    }))
    .sort(
      (a, b) => b.freeUnits - a.freeUnits || b.billableUnits - a.billableUnits || a.endpoint.localeCompare(b.endpoint),
    );

  const calls = (recent[0]?.calls ?? 0) + (refused[0]?.count ?? 0);
  const errors = (recent[0]?.errors ?? 0) + (refused[0]?.count ?? 0);
  return {
    month,
    spentMicros,
    projectionMicros,
    carried: carriedMicros > 0n ? { micros: Number(carriedMicros), note: pending.carriedNote } : null,
    freeTier,
    freeUnitsPerMonth: FREE_UNITS_PER_MONTH,
    paymentMethod: account.billingByInvoice
      ? 'Billed by invoice'
      : account.hasPaymentMethod
        ? (account.paymentMethodLabel ?? 'A card')
        : null,
    // Derived from the account's blocks (refresh-account-standing.ts): the words, the causes and what is due.
    blocked: account.blockedAt
      ? {
          since: account.blockedAt.toISOString(),
          reason: account.blockedReason ?? 'The account is blocked.',
          causes: account.blockedCauses,
          dueCents: account.blockedDueCents ?? 0,
          payInvoiceUrl: standing?.payInvoiceUrl ?? null,
        }
      : null,
    last24h: { calls, errors, errorRate: calls ? errors / calls : 0 },
    firstSteps: everCalled ? null : { hasKey: liveKeys > 0 },
  };
}

export type DashboardOverview = Awaited<ReturnType<typeof getDashboardOverview>>;
