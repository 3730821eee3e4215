import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';

import { queueWebhookAttempts } from './queue-webhook-attempt';
import { webhookEndpointNotFound } from './endpoint-not-found';

/**
 * Sends a logged delivery's event to its endpoint once more (one attempt, no retries), as the
 * next attempt in the log. Another account's delivery answers as one that does not exist; a
 * disabled endpoint is refused (enable it first).
 */
export async function resendDelivery({
  accountId,
  deliveryId,
  now = new Date(),
}: {
  accountId: string;
  deliveryId: string;
  now?: Date;
}): Promise<{ eventId: string; endpointId: string; attempt: number }> {
  return db.$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, endpoint: { accountId }, event: { accountId } },
      select: { eventId: true, endpointId: true, endpoint: { select: { enabled: true } } },
    });
    if (!delivery) throw new ConsoleError('not_found', 'This delivery does not exist or is past the 30 days kept');
    if (!delivery.endpoint.enabled) throw new ConsoleError('invalid_input', 'Enable the endpoint to resend to it');
    // Locks the endpoint row so two resends at once take two attempt numbers.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "WebhookEndpoint" WHERE id = ${delivery.endpointId} AND "accountId" = ${accountId} FOR UPDATE`;
    if (locked.length === 0) throw webhookEndpointNotFound();
    const last = await tx.webhookDelivery.aggregate({
      where: { eventId: delivery.eventId, endpointId: delivery.endpointId },
      _max: { attempt: true },
    });
    const job = {
      eventId: delivery.eventId,
      endpointId: delivery.endpointId,
      attempt: (last._max.attempt ?? 0) + 1,
      retries: false,
    };
    await queueWebhookAttempts(tx, [job], now);
    return { eventId: job.eventId, endpointId: job.endpointId, attempt: job.attempt };
  });
}
