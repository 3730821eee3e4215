// The daily removal of webhook events (and their delivery log) past 30 days.
import type { Task } from 'graphile-worker';

import { pruneWebhookEvents } from '@/lib/server/webhooks/prune-webhook-events';

export const pruneWebhookEventsTask: Task = async (_payload, helpers) => {
  const { cutoff, events } = await pruneWebhookEvents();
  helpers.logger.info(`pruned ${events} webhook events from before ${cutoff.toISOString()}`);
};

/** 03:45 UTC every day; one worker runs it (graphile-worker records each cron run). */
export const pruneWebhookEventsCron = '45 3 * * * prune_webhook_events ?fill=1d&max=1&jobKey=prune_webhook_events';
