import 'server-only';

import { db } from '@/lib/db';

import { webhookEndpointNotFound } from './endpoint-not-found';

export type DeliveryLogEntry = {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  status: number | null;
  durationMs: number | null;
  responseSnippet: string | null;
  error: string | null;
  createdAt: Date;
  nextAttemptAt: Date | null;
  succeededAt: Date | null;
};

/**
 * An endpoint's delivery log, newest attempt first (events are kept 30 days). Another account's
 * endpoint answers as one that does not exist.
 */
export async function listDeliveries({
  accountId,
  endpointId,
  limit = 100,
}: {
  accountId: string;
  endpointId: string;
  limit?: number;
}): Promise<DeliveryLogEntry[]> {
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, accountId }, select: { id: true } });
  if (!endpoint) throw webhookEndpointNotFound();
  const rows = await db.webhookDelivery.findMany({
    where: { endpointId, endpoint: { accountId } },
    orderBy: [{ createdAt: 'desc' }, { attempt: 'desc' }],
    take: Math.min(Math.max(limit, 1), 500),
    include: { event: { select: { type: true } } },
  });
  return rows.map(({ event, endpointId: _endpoint, ...row }) => ({ ...row, eventType: event.type }));
}
