import 'server-only';

import { db } from '@/lib/db';

const WEBHOOK_EVENT_RETENTION_DAYS = 30;

/** Deletes events older than the retention period, and their deliveries with them (cascade). */
export async function pruneWebhookEvents({
  now = new Date(),
}: {
  now?: Date;
} = {}): Promise<{ cutoff: Date; events: number }> {
  const cutoff = new Date(now.getTime() - WEBHOOK_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await db.webhookEvent.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return { cutoff, events: count };
}
