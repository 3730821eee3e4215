import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';

import { apiKeyNotFound } from './api-key-not-found';
import { apiKeyPublicSelect, type ApiKeyRecord, type KeyActor } from './api-key-select';
import { assertFutureExpiry } from './create-api-key';

export type SetApiKeyExpiryOptions = {
  accountId: string;
  keyId: string;
  actor: KeyActor;
  /** The new end (in the future), or null for never. */
  expiresAt: Date | null;
  now?: Date;
};

/**
 * Sets or clears a key's expiry and records "expiry_changed". An expired key stays expired (it is
 * only deleted): its end is in the past and the update is guarded on that, so a key cannot be
 * brought back this way, even by a request racing its end.
 */
export async function setApiKeyExpiry({
  accountId,
  keyId,
  actor,
  expiresAt,
  now = new Date(),
}: SetApiKeyExpiryOptions): Promise<ApiKeyRecord> {
  assertFutureExpiry(expiresAt, now);
  return db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: {
        id: keyId,
        accountId,
        status: { not: 'deleted' },
        OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      },
      data: { expiresAt },
    });
    if (count === 0) {
      const exists = await tx.apiKey.findFirst({
        where: { id: keyId, accountId, status: { not: 'deleted' } },
        select: { id: true },
      });
      if (!exists) throw apiKeyNotFound();
      throw new ConsoleError(
        'invalid_transition',
        'This key has expired and cannot be extended: create a new key, and delete this one',
      );
    }
    await tx.apiKeyEvent.create({
      data: { accountId, apiKeyId: keyId, type: 'expiry_changed', actorId: actor.id, actorLabel: actor.label },
    });
    return tx.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: apiKeyPublicSelect });
  });
}
