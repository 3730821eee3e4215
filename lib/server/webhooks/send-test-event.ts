import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';
import { newEventId } from '@/lib/server/events/emit-event';
import { TEST_EVENT_TYPE } from '@/lib/server/events/event-types';

import { queueWebhookAttempts } from './queue-webhook-attempt';
import { webhookEndpointNotFound } from './endpoint-not-found';

/**
 * Sends a `test.ping` event to one endpoint of the account, whatever it subscribes to: one
 * attempt, no retries; it shows in the endpoint's delivery log like any other.
 */
export async function sendTestEvent({
  accountId,
  endpointId,
  now = new Date(),
}: {
  accountId: string;
  endpointId: string;
  now?: Date;
}): Promise<{ eventId: string }> {
  return db.$transaction(async (tx) => {
    const endpoint = await tx.webhookEndpoint.findFirst({
      where: { id: endpointId, accountId },
      select: { id: true, url: true, enabled: true },
    });
    if (!endpoint) throw webhookEndpointNotFound();
    if (!endpoint.enabled) throw new ConsoleError('invalid_input', 'Enable the endpoint to send it a test event');
    const event = await tx.webhookEvent.create({
      data: {
        id: newEventId(),
        accountId,
        type: TEST_EVENT_TYPE,
        data: { message: 'A test event sent from the console', endpoint: { id: endpoint.id, url: endpoint.url } },
        createdAt: now,
      },
      select: { id: true },
    });
    await queueWebhookAttempts(tx, [{ eventId: event.id, endpointId: endpoint.id, attempt: 1, retries: false }], now);
    return { eventId: event.id };
  });
}
