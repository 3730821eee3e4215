// Worker task: one webhook delivery attempt (lib/server/webhooks/deliver-webhook.ts). A failed
// delivery is not a failed job: the attempt is logged and the next one queued with its own
// run_at (exponential backoff for 3 days). A thrown error (the database) is retried by the worker.
import type { Task } from 'graphile-worker';

import { type DeliverOptions, deliverWebhookAttempt } from '@/lib/server/webhooks/deliver-webhook';
import type { WebhookAttemptJob } from '@/lib/server/webhooks/queue-webhook-attempt';

/** The task, with a clock and address rules of the caller's (tests); the worker uses the defaults. */
export function makeDeliverWebhookTask(options: DeliverOptions = {}): Task {
  return async (payload, helpers) => {
    const result = await deliverWebhookAttempt(payload as WebhookAttemptJob, options);
    helpers.logger.debug(`webhook attempt ${result}`);
  };
}

export const deliverWebhookTask = makeDeliverWebhookTask();
