// Adds jobs for the worker (lib/jobs/worker.ts) by task name only: it imports no task, so the
// console's lib/server code that enqueues stands below lib/jobs, whose tasks import lib/server.
// One WorkerUtils per process; it installs graphile-worker's schema on first use if the worker has not yet.
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { env } from '@/lib/env';

const globalForQueue = globalThis as unknown as { workerUtils?: Promise<WorkerUtils> };

function workerUtils(): Promise<WorkerUtils> {
  globalForQueue.workerUtils ??= makeWorkerUtils({ connectionString: env.DATABASE_URL });
  return globalForQueue.workerUtils;
}

export async function enqueueJob(
  task: string,
  payload: Record<string, unknown>,
  options: { jobKey?: string } = {},
): Promise<void> {
  await (await workerUtils()).addJob(task, payload, { maxAttempts: 10, ...options });
}
