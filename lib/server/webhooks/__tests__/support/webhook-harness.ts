// A real HTTP receiver, webhook endpoints and the worker's queue, for the delivery tests.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { db } from '@/lib/db';
import { makeDeliverWebhookTask } from '@/lib/jobs/deliver-webhook-task';
import { sealSecret } from '@/lib/server/auth/secret-box';
import type { DeliverOptions } from '@/lib/server/webhooks/deliver-webhook';
import { DELIVER_WEBHOOK_TASK, type WebhookAttemptJob } from '@/lib/server/webhooks/queue-webhook-attempt';
import { WEBHOOK_SECRET_PURPOSE } from '@/lib/server/webhooks/secret-purpose';

type Received = { headers: IncomingHttpHeaders; body: string; path: string };

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  close(): Promise<void>;
};

/** Answers the requests in turn with `answer` (given the request's index), recording each. */
export async function startReceiver(answer: (index: number, res: ServerResponse) => void): Promise<Receiver> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), path: req.url ?? '' });
      answer(received.length - 1, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function createTestEndpoint(accountId: string, url: string, events: string[]) {
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const endpoint = await db.webhookEndpoint.create({
    data: { accountId, url, events, secretSealed: sealSecret(secret, WEBHOOK_SECRET_PURPOSE) },
  });
  return { endpoint, secret };
}

/** The queued deliver_webhook job of this event and endpoint, if any (graphile-worker's table). */
export async function queuedAttempt(eventId: string, endpointId: string) {
  const rows = await db.$queryRaw<{ id: string; run_at: Date; payload: { attempt: number } }[]>`
    SELECT j.id::text AS id, j.run_at, j.payload
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${DELIVER_WEBHOOK_TASK} AND j.payload->>'eventId' = ${eventId}
      AND j.payload->>'endpointId' = ${endpointId} AND j.locked_at IS NULL`;
  if (rows.length > 1) throw new Error(`${rows.length} attempts queued at once`);
  return rows[0] ?? null;
}

/**
 * Runs this one queued job as the worker would (locked while it runs, completed after), with the
 * task under this clock and address rules. Not graphile-worker's runOnce: that runs every due
 * delivery in the shared test database, other test files' included, under this file's clock.
 */
export async function runQueuedAttempt(jobId: string, options: DeliverOptions): Promise<void> {
  const [job] = await db.$queryRaw<{ payload: WebhookAttemptJob }[]>`
    UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'webhook-test-harness'
    WHERE id = ${jobId}::bigint AND locked_at IS NULL
    RETURNING payload`;
  if (!job) throw new Error(`job ${jobId} is gone or already taken`);
  try {
    await makeDeliverWebhookTask(options)(job.payload, {
      logger: { debug: () => {} },
    } as unknown as Parameters<ReturnType<typeof makeDeliverWebhookTask>>[1]);
  } finally {
    // Done, as the worker's own completion does (complete_jobs leaves a locked job alone).
    await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE id = ${jobId}::bigint AND locked_by = 'webhook-test-harness'`;
  }
}
