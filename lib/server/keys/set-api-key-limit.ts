import 'server-only';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';

import { apiKeyNotFound } from './api-key-not-found';
import { apiKeyPublicSelect, type ApiKeyRecord, type KeyActor } from './api-key-select';

export type SetApiKeyLimitOptions = {
  accountId: string;
  keyId: string;
  actor: KeyActor;
  /** The key's monthly spend limit in micro-dollars, or null for none. */
  monthlyLimitMicros: bigint | null;
};

/**
 * Sets or clears a key's own monthly spend limit and records "limit_changed". The API reads it
 * with the key (the change notifies every API server) and holds calls to it as it does to the
 * account's caps (reserve_call).
 */
export async function setApiKeyLimit({
  accountId,
  keyId,
  actor,
  monthlyLimitMicros,
}: SetApiKeyLimitOptions): Promise<ApiKeyRecord> {
  if (monthlyLimitMicros !== null && monthlyLimitMicros <= 0n)
    throw new ConsoleError('invalid_input', 'A limit must be more than $0', { field: 'monthlyLimit' });
  return db.$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: keyId, accountId, status: { not: 'deleted' } },
      data: { monthlyLimitMicros },
    });
    if (count === 0) throw apiKeyNotFound();
    await tx.apiKeyEvent.create({
      data: { accountId, apiKeyId: keyId, type: 'limit_changed', actorId: actor.id, actorLabel: actor.label },
    });
    return tx.apiKey.findUniqueOrThrow({ where: { id: keyId }, select: apiKeyPublicSelect });
  });
}
