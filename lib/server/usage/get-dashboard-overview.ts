import 'server-only';

import { FREE_UNITS_PER_MONTH } from '@/lib/api/pricing';
import { dataEndpoints } from '@/lib/api/registry';
import { estimateMonthEnd } from '@/lib/server/billing/month-end-estimate';
import { spendLimitStanding } from '@/lib/server/billing/spend-limit-standing';
import { db } from '@/lib/db';
import { firstSteps } from '@/lib/server/account/first-steps';
import { readMonthAccount } from '@/lib/server/billing/read-month-account';
import { usageKeyLabel } from '@/lib/usage-key-label';
import { billingMonth, monthRange } from '@/lib/utc-month';

export type GetDashboardOverviewOptions = { accountId: string; now?: Date };

/** An endpoint counts as near its free tier from this many free units used (80 %). */
const NEAR_FREE_TIER = Math.ceil(FREE_UNITS_PER_MONTH * 0.8);

const DAY_MS = 86_400_000;

/** The cheapest call past the free tier: one unit of the cheapest paid endpoint. */
const CHEAPEST_CALL_MICROS = Math.min(...dataEndpoints.filter((e) => e.priceMicros > 0).map((e) => e.priceMicros));

/**
 * The console's home, scoped to the account: this month's spend and its estimate for the whole
 * month (month-end-estimate.ts, as /usage and /billing give it), the endpoints near or past their
 * free tier, the payment method, the standing (blocked, or a cap or key limit refusing calls:
 * spend-limit-standing.ts), and the last 24 hours' calls with their error rate (refused calls
 * included, and counted apart), and the first-run checklist until its steps are done.
 */
export async function getDashboardOverview({ accountId, now = new Date() }: GetDashboardOverviewOptions) {
  const month = billingMonth(now);
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  const since = new Date(now.getTime() - DAY_MS);
  const [account, lines, everCalled, recent, refused] = await Promise.all([
    db.account.findUniqueOrThrow({
      where: { id: accountId },
      select: {
        hasPaymentMethod: true,
        billingByInvoice: true,
        billingMode: true,
        paymentMethodLabel: true,
        blockedAt: true,
        emailUnverified: true,
        dailyCapMicros: true,
        monthlyCapMicros: true,
      },
    }),
    db.usageMonthly.findMany({
      where: { accountId, month },
      select: { endpoint: true, requests: true, units: true, freeUnits: true, amountMicros: true },
    }),
    db.usageMonthly.findFirst({ where: { accountId }, select: { month: true } }),
    db.$queryRaw<{ calls: number; errors: number }[]>`
      SELECT COUNT(*)::int AS calls, COUNT(*) FILTER (WHERE e."status" >= 400)::int AS errors
      FROM "UsageEvent" e WHERE e."accountId" = ${accountId} AND e."createdAt" >= ${since}`,
    db.$queryRaw<{ count: number }[]>`
      SELECT COALESCE(SUM(r."count"), 0)::int AS count FROM "UsageRefusal" r
      WHERE r."accountId" = ${accountId} AND r."minute" >= ${new Date(Math.floor(since.getTime() / 60_000) * 60_000)}`,
  ]);

  // An amount carried from an earlier invoice (the $0.50 minimum); today's spend, the caps that
  // refused a call this period (SpendingCapReached), and each limited key's month with every key
  // rolled from the same original (a key's limit is its lineage's, as reserve_call counts it).
  const day = now.toISOString().slice(0, 10);
  const [monthStartDay, nextMonthDay] = monthRange(month);
  const [pending, spentToday, capsReached, keys, keySpend] = await Promise.all([
    readMonthAccount({ accountId, month }),
    db.usageDaily.aggregate({ where: { accountId, day: today }, _sum: { amountMicros: true } }),
    db.spendingCapReached.findMany({
      where: {
        accountId,
        OR: [
          { period: 'daily', periodLabel: day },
          { period: 'monthly', periodLabel: month },
        ],
      },
      select: { period: true, capMicros: true },
    }),
    db.apiKey.findMany({
      where: { accountId },
      orderBy: { createdAt: 'asc' },
      select: {
        id: true,
        rootKeyId: true,
        status: true,
        name: true,
        prefix: true,
        last4: true,
        monthlyLimitMicros: true,
        expiresAt: true,
        createdAt: true,
      },
    }),
    db.usageDaily.groupBy({
      by: ['apiKeyId'],
      where: { accountId, day: { gte: monthStartDay, lt: nextMonthDay } },
      _sum: { amountMicros: true },
    }),
  ]);
  const lineageSpend = (root: string) =>
    keys
      .filter((k) => (k.rootKeyId ?? k.id) === root)
      .reduce((sum, k) => sum + (keySpend.find((s) => s.apiKeyId === k.id)?._sum.amountMicros ?? 0n), 0n);
  const refusedOnce = (period: 'daily' | 'monthly', cap: bigint | null) =>
    cap !== null && capsReached.some((r) => r.period === period && r.capMicros === cap);
  const carriedMicros = pending.parts.find((p) => p.kind === 'carried')?.micros ?? 0n;
  const spentMicros = lines.reduce((sum, l) => sum + Number(l.amountMicros), 0);
  const blocked = account.blockedAt !== null;
  const billed = (account.hasPaymentMethod || account.billingByInvoice) && !account.emailUnverified;
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

  const refusedCalls = refused[0]?.count ?? 0;
  const calls = (recent[0]?.calls ?? 0) + refusedCalls;
  const errors = (recent[0]?.errors ?? 0) + refusedCalls;
  return {
    month,
    spentMicros,
    estimate: estimateMonthEnd({ month, spentMicros, now, blocked, monthlyCapMicros: account.monthlyCapMicros }),
    carried: carriedMicros > 0n ? { micros: Number(carriedMicros), note: pending.carriedNote } : null,
    freeTier,
    freeUnitsPerMonth: FREE_UNITS_PER_MONTH,
    paymentMethod: account.billingByInvoice
      ? 'Billed by invoice'
      : account.hasPaymentMethod
        ? (account.paymentMethodLabel ?? 'A card')
        : null,
    // A prepaid account's calls past the free tier draw on its credits, card or not.
    prepaid: account.billingMode === 'prepaid',
    // Why and what to do is the banner's, on every console page (blocked-banner.tsx): here, the fact.
    blocked: account.blockedAt ? { since: account.blockedAt.toISOString() } : null,
    limits: spendLimitStanding({
      now,
      billed,
      cheapestCallMicros: CHEAPEST_CALL_MICROS,
      daily: {
        limitMicros: account.dailyCapMicros,
        spentMicros: spentToday._sum.amountMicros ?? 0n,
        refusedOnce: refusedOnce('daily', account.dailyCapMicros),
      },
      monthly: {
        limitMicros: account.monthlyCapMicros,
        spentMicros,
        refusedOnce: refusedOnce('monthly', account.monthlyCapMicros),
      },
      keys: keys
        // Keys that still work: a rolled key past its grace period no longer calls.
        .filter((k) => k.status === 'active' && k.monthlyLimitMicros !== null && !(k.expiresAt && k.expiresAt <= now))
        .map((k) => ({
          label: usageKeyLabel({ name: k.name, display: `${k.prefix}…${k.last4}` }),
          limitMicros: k.monthlyLimitMicros,
          spentMicros: lineageSpend(k.rootKeyId ?? k.id),
        })),
    }),
    // Every call in the last 24 hours, refused ones included (and counted apart): /usage counts served calls.
    // The errors equal the request log's from 24 hours ago: its 4xx and 5xx rows plus its refusal
    // tallies, 401 and 403 among them (a tally's minute counts as the log's time filter counts it).
    last24h: { calls, refused: refusedCalls, errors, errorRate: calls ? errors / calls : 0 },
    // The first-run checklist, until every step is done (first-steps.ts).
    firstSteps: firstSteps({ account, keys, called: everCalled !== null, now }),
  };
}

export type DashboardOverview = Awaited<ReturnType<typeof getDashboardOverview>>;
