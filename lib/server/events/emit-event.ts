import 'server-only';

import { randomBytes } from 'node:crypto';

import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';

import type { EventType } from './event-types';
import { queueWebhookAttempts } from '@/lib/server/webhooks/queue-webhook-attempt';

export type EmitEventInput = {
  accountId: string;
  type: EventType;
  data: Record<string, unknown>;
  /** The caller's transaction: the event and its queued deliveries commit (or not) with the change. */
  tx?: Prisma.TransactionClient;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
};

/** "evt_" and 24 random hex characters: the receiver's key for de-duplication. */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/**
 * Stores an event (WebhookEvent, kept 30 days) and queues one delivery to every enabled endpoint
 * of the account that subscribes to its type (lib/jobs/deliver-webhook-task.ts delivers them). With
 * `tx` it all happens in the caller's transaction, the worker's jobs included; without, in a
 * transaction of its own. Never calls out: it costs a few inserts, none when nobody listens.
 */
export async function emitEvent({ accountId, type, data, tx, now = new Date() }: EmitEventInput): Promise<void> {
  const write = async (client: Prisma.TransactionClient) => {
    const endpoints = await client.webhookEndpoint.findMany({
      where: { accountId, enabled: true, events: { has: type } },
      select: { id: true },
    });
    const event = await client.webhookEvent.create({
      data: { id: newEventId(), accountId, type, data: data as Prisma.InputJsonValue, createdAt: now },
      select: { id: true },
    });
    await queueWebhookAttempts(
      client,
      endpoints.map((endpoint) => ({ eventId: event.id, endpointId: endpoint.id, attempt: 1, retries: true })),
      now,
    );
  };
  if (tx) await write(tx);
  else await db.$transaction(write);
}
