import 'server-only';

import { db } from '@/lib/db';
import { usageKeyLabel } from '@/lib/usage-key-label';

export type UsageAlertRow = Awaited<ReturnType<typeof listUsageAlerts>>[number];

/** The account's alerts with their keys' labels and when each last fired, cap alerts first. */
export async function listUsageAlerts({ accountId }: { accountId: string }) {
  const alerts = await db.usageAlert.findMany({
    where: { accountId, OR: [{ apiKeyId: null }, { apiKey: { status: 'active' } }] },
    orderBy: [{ builtIn: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }],
    include: {
      apiKey: { select: { name: true, prefix: true, last4: true } },
      firings: { orderBy: { createdAt: 'desc' }, take: 1, select: { createdAt: true, threshold: true, period: true } },
    },
  });
  return alerts.map(({ apiKey, firings, ...alert }) => ({
    ...alert,
    keyLabel: apiKey ? usageKeyLabel({ name: apiKey.name, display: `${apiKey.prefix}…${apiKey.last4}` }) : null,
    lastFired: firings[0] ?? null,
  }));
}
