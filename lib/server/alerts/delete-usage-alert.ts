import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';

export type DeleteUsageAlertOptions = { accountId: string; alertId: string };

/**
 * Removes one of the account's alerts. A cap alert is kept with no thresholds (silenced): it is
 * made for every cap, and would otherwise come back with the defaults.
 */
export async function deleteUsageAlert({ accountId, alertId }: DeleteUsageAlertOptions): Promise<void> {
  const alert = await db.usageAlert.findFirst({ where: { id: alertId, accountId }, select: { builtIn: true } });
  if (!alert) throw new ConsoleError('not_found', 'That alert no longer exists.');
  if (alert.builtIn) await db.usageAlert.update({ where: { id: alertId }, data: { thresholds: [] } });
  else await db.usageAlert.delete({ where: { id: alertId } });
}
