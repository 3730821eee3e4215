import 'server-only';

import { db } from '@/lib/db';
import { emitEvent } from '@/lib/server/events/emit-event';

import { apiKeyPublicSelect, type ApiKeyRecord, type KeyActor } from './api-key-select';
import { actorEventData, keyEventData } from './key-event-data';

export type DeleteExpiredApiKeysOptions = {
  accountId: string;
  /** The expired keys the person confirmed; others of theirs, and any key of another account, are left alone. */
  keyIds: string[];
  actor: KeyActor;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
};

/**
 * Deletes, in one transaction, those of `keyIds` that are the account's keys past their end
 * (an expiry, a roll's grace period) and not deleted yet, as deleteApiKey deletes one: a
 * "deleted" event and a key.deleted webhook event each. A key of another account, a key that
 * still works and an unknown id are skipped, exactly alike. Returns the keys deleted.
 */
export async function deleteExpiredApiKeys({
  accountId,
  keyIds,
  actor,
  now = new Date(),
}: DeleteExpiredApiKeysOptions): Promise<ApiKeyRecord[]> {
  return db.$transaction(async (tx) => {
    const where = { id: { in: keyIds }, accountId, status: { not: 'deleted' as const }, expiresAt: { lte: now } };
    const expired = await tx.apiKey.findMany({ where, select: { id: true } });
    if (expired.length === 0) return [];
    const ids = expired.map((k) => k.id);
    // The same conditions again: a key re-enabled or given a new expiry in between stays.
    await tx.apiKey.updateMany({ where: { ...where, id: { in: ids } }, data: { status: 'deleted', deletedAt: now } });
    const deleted = await tx.apiKey.findMany({
      where: { id: { in: ids }, accountId, status: 'deleted', deletedAt: now },
      select: apiKeyPublicSelect,
      orderBy: { createdAt: 'asc' },
    });
    await tx.apiKeyEvent.createMany({
      data: deleted.map((key) => ({
        accountId,
        apiKeyId: key.id,
        type: 'deleted' as const,
        actorId: actor.id,
        actorLabel: actor.label,
        createdAt: now,
      })),
    });
    for (const key of deleted)
      await emitEvent({
        accountId,
        type: 'key.deleted',
        data: { key: keyEventData(key), actor: actorEventData(actor) },
        tx,
        now,
      });
    return deleted;
  });
}
