import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';
import type { UsageAlertInput } from '@/lib/validation/usage-alerts';

import { CAP_ALERTS } from '@/lib/usage-alert-defaults';

const MAX_ALERTS_PER_ACCOUNT = 25;

export type CreateUsageAlertOptions = { accountId: string; input: UsageAlertInput };

/**
 * Adds an alert to the account (or to one of its keys). An alert of the account's spending cap for
 * the whole account is its cap alert (one per period): its thresholds are set instead. The id.
 */
export async function createUsageAlert({ accountId, input }: CreateUsageAlertOptions): Promise<string> {
  if (input.keyId) {
    const key = await db.apiKey.findFirst({
      where: { id: input.keyId, accountId, status: 'active', account: { deletedAt: null } },
      select: { id: true },
    });
    if (!key) throw new ConsoleError('not_found', 'That key is not one of your active keys.');
  }
  const data = {
    accountId,
    apiKeyId: input.keyId,
    endpoint: input.endpoint,
    metric: input.metric,
    period: input.period,
    basis: input.basis,
    amount: input.amount,
    thresholds: input.basis === 'amount' ? [100] : input.thresholds,
  };
  if (input.basis === 'cap' && !input.endpoint) {
    const builtIn = CAP_ALERTS[input.period];
    const alert = await db.usageAlert.upsert({
      where: { accountId_builtIn: { accountId, builtIn } },
      create: { ...data, builtIn },
      update: { thresholds: data.thresholds },
      select: { id: true },
    });
    return alert.id;
  }
  const count = await db.usageAlert.count({ where: { accountId } });
  if (count >= MAX_ALERTS_PER_ACCOUNT)
    throw new ConsoleError('limit_reached', `An account can have ${MAX_ALERTS_PER_ACCOUNT} alerts; remove one first.`);
  const alert = await db.usageAlert.create({ data, select: { id: true } });
  return alert.id;
}
