import 'server-only';

import { db } from '@/lib/db';

import { CAP_ALERTS, DEFAULT_THRESHOLDS } from '@/lib/usage-alert-defaults';

/**
 * Gives every account with a spending cap its cap alert for that period (50, 80 and 100 % until the
 * customer changes them): the spending-cap warnings are these alerts. Made here rather than where
 * caps are set so that a cap set any way (the console, the operator's command line) is watched.
 * Idempotent across workers (unique on account and builtIn).
 */
export async function ensureCapAlerts(): Promise<void> {
  const accounts = await db.account.findMany({
    where: { deletedAt: null, OR: [{ dailyCapMicros: { not: null } }, { monthlyCapMicros: { not: null } }] },
    select: {
      id: true,
      dailyCapMicros: true,
      monthlyCapMicros: true,
      usageAlerts: { where: { builtIn: { not: null } }, select: { builtIn: true } },
    },
  });
  const missing = accounts.flatMap((account) =>
    (['day', 'month'] as const)
      .filter((period) => (period === 'day' ? account.dailyCapMicros : account.monthlyCapMicros) !== null)
      .filter((period) => !account.usageAlerts.some((a) => a.builtIn === CAP_ALERTS[period]))
      .map((period) => ({
        accountId: account.id,
        metric: 'spend' as const,
        period,
        basis: 'cap' as const,
        thresholds: [...DEFAULT_THRESHOLDS],
        builtIn: CAP_ALERTS[period],
      })),
  );
  if (missing.length) await db.usageAlert.createMany({ data: missing, skipDuplicates: true });
}
