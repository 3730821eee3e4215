import 'server-only';

import { db } from '@/lib/db';

export type ListKeyEventsOptions = { accountId: string; limit?: number };

/** The account's most recent key events, with enough of the key to name it. */
export async function listKeyEvents({ accountId, limit = 20 }: ListKeyEventsOptions) {
  return db.apiKeyEvent.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: Math.min(Math.max(limit, 1), 100),
    select: {
      id: true,
      type: true,
      actorLabel: true,
      createdAt: true,
      apiKey: { select: { id: true, name: true, prefix: true, last4: true } },
    },
  });
}

export type KeyEventRecord = Awaited<ReturnType<typeof listKeyEvents>>[number];
