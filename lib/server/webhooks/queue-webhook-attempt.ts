import 'server-only';

import { runMigrations } from 'graphile-worker';

import { env } from '@/lib/env';
import type { Prisma } from '@/lib/generated/prisma/client';

/** One delivery attempt for the worker (lib/jobs/deliver-webhook-task.ts). */
export type WebhookAttemptJob = {
  eventId: string;
  endpointId: string;
  /** 1 for the first delivery, then one more per retry or resend. */
  attempt: number;
  /** Whether a failure schedules the next attempt (false for a resend and a test event: one try). */
  retries: boolean;
};

export const DELIVER_WEBHOOK_TASK = 'deliver_webhook';

const globalForQueue = globalThis as unknown as { webhookQueueSchema?: Promise<void> };

/**
 * graphile-worker installs its schema on its first connection; a console that queues before any
 * worker has run installs it here once per process (on its own connection, outside the caller's
 * transaction, which it does not touch).
 */
function ensureQueueSchema(client: Prisma.TransactionClient): Promise<void> {
  globalForQueue.webhookQueueSchema ??= (async () => {
    const [row] = await client.$queryRaw<{ present: boolean }[]>`
      SELECT to_regproc('graphile_worker.add_job') IS NOT NULL AS present`;
    if (!row?.present) await runMigrations({ connectionString: env.DATABASE_URL });
  })().catch((error: unknown) => {
    globalForQueue.webhookQueueSchema = undefined;
    throw error;
  });
  return globalForQueue.webhookQueueSchema;
}

/**
 * Queues delivery attempts as graphile-worker jobs through the caller's client, so that they
 * commit with the transaction that made the event (or the failed attempt that retries). The job
 * key makes a repeated queueing of one attempt a single job.
 */
export async function queueWebhookAttempts(
  client: Prisma.TransactionClient,
  jobs: WebhookAttemptJob[],
  runAt: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await ensureQueueSchema(client);
  for (const job of jobs) {
    const key = `webhook:${job.eventId}:${job.endpointId}:${job.attempt}`;
    await client.$executeRaw`
      SELECT graphile_worker.add_job(
        identifier => ${DELIVER_WEBHOOK_TASK},
        payload => ${JSON.stringify(job)}::json,
        run_at => ${runAt},
        max_attempts => 5,
        job_key => ${key},
        job_key_mode => 'preserve_run_at'
      )`;
  }
}
