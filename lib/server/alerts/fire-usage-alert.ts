import 'server-only';

import { db } from '@/lib/db';
import type { UsageAlert } from '@/lib/generated/prisma/client';
import { storeAccountMail } from '@/lib/server/mail/mail-account';
import { emitEvent } from '@/lib/server/events/emit-event';
import { deliverMail } from '@/lib/server/mail/send-mail';

import { usageAlertNotice } from './alert-notice';

export type FireUsageAlertOptions = {
  alert: Pick<UsageAlert, 'id' | 'accountId' | 'apiKeyId' | 'endpoint' | 'metric' | 'period' | 'basis'>;
  keyLabel: string | null;
  periodLabel: string;
  /** Every threshold reached (ascending), the spend or units, and what they are percentages of. */
  reached: number[];
  value: bigint;
  base: bigint;
  now: Date;
};

/**
 * Records the thresholds reached in the period (UsageAlertFiring, unique on alert, period and
 * threshold) and, when this caller is the one whose insert made the highest of them, tells of it
 * once: a mail through the outbox, a webhook event and a line in the account's activity, all in
 * the same transaction. A firing recorded against another basis (a cap or limit changed since)
 * is cleared first: a new cap is warned about again. Several workers may run this at once; the
 * unique index lets one through. Lower thresholds passed at the same time are recorded silently
 * (an alert past 80 % and 100 % at once tells of 100 % only). The number of mails queued.
 */
export async function fireUsageAlert(options: FireUsageAlertOptions): Promise<number> {
  const { alert, periodLabel, reached, value, base, now } = options;
  const highest = Math.max(...reached);
  const mailIds = await db.$transaction(async (tx) => {
    await tx.usageAlertFiring.deleteMany({ where: { alertId: alert.id, period: periodLabel, base: { not: base } } });
    const inserted = await tx.usageAlertFiring.createManyAndReturn({
      data: reached.map((threshold) => ({ alertId: alert.id, period: periodLabel, threshold, value, base })),
      skipDuplicates: true,
      select: { threshold: true },
    });
    if (!inserted.some((row) => row.threshold === highest)) return [];
    const notice = usageAlertNotice({
      ...alert,
      keyLabel: options.keyLabel,
      periodLabel,
      threshold: highest,
      value,
      base,
    });
    const onceKey =
      alert.basis === 'cap'
        ? // The spending-cap warning's key from before alerts, so a period already warned is not warned twice.
          `spending-cap:${alert.accountId}:${alert.period === 'day' ? 'daily' : 'monthly'}:${periodLabel}:${base}:${highest}`
        : `usage-alert:${alert.id}:${periodLabel}:${base}:${highest}`;
    const ids = await storeAccountMail({ accountId: alert.accountId, notice, onceKey, client: tx });
    await tx.accountEvent.create({
      data: {
        accountId: alert.accountId,
        type: 'usage_alert',
        detail: notice.subject,
        actorLabel: 'Usage alerts',
        createdAt: now,
      },
    });
    const capReached = alert.basis === 'cap' && highest >= 100;
    await emitEvent({
      accountId: alert.accountId,
      type: capReached ? 'spend_cap.reached' : 'usage.threshold_reached',
      data: {
        alert_id: alert.id,
        api_key_id: alert.apiKeyId,
        endpoint: alert.endpoint,
        metric: alert.metric,
        period: alert.period,
        period_label: periodLabel,
        basis: alert.basis,
        threshold_percent: highest,
        // Micro-dollars for spend, units for units.
        value: Number(value),
        limit: Number(base),
      },
      tx,
      now,
    });
    return ids;
  });
  await deliverMail(mailIds);
  return mailIds.length;
}
