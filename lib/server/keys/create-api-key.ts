import 'server-only';

import { apiKeyDisplay, generateApiKey, hashApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';
import { MAX_API_KEYS_PER_ACCOUNT } from '@/lib/validation/api-keys';

import { ApiKeyError } from './api-key-error';
import { apiKeyPublicSelect, type ApiKeyRecord, type KeyActor } from './api-key-select';

export type CreateApiKeyOptions = {
  accountId: string;
  actor: KeyActor;
  name?: string;
};

/**
 * Creates an active key and its "created" event. Returns the plaintext key: the only time it
 * exists outside the caller's hands; only its hash is stored.
 */
export async function createApiKey({
  accountId,
  actor,
  name,
}: CreateApiKeyOptions): Promise<{ key: string; record: ApiKeyRecord }> {
  return db.$transaction(
    async (tx) => {
      // Locking the account row serialises concurrent creates for one account, so the count
      // below cannot be read by two transactions before either inserts. Deletion takes the same
      // lock: a create that waited on a deletion sees the account deleted and makes no key.
      const [account] = await tx.$queryRaw<{ deleted: boolean }[]>`
        SELECT "deletedAt" IS NOT NULL AS deleted FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
      if (!account) throw new ApiKeyError('not_found', 'This account does not exist');
      if (account.deleted) throw new ApiKeyError('not_found', 'This account has been deleted');

      const existing = await tx.apiKey.count({
        where: { accountId, status: { not: 'deleted' } },
      });
      if (existing >= MAX_API_KEYS_PER_ACCOUNT) {
        throw new ApiKeyError(
          'limit_reached',
          `You can have at most ${MAX_API_KEYS_PER_ACCOUNT} API keys. Delete a key you no longer use to create a new one.`,
        );
      }

      // Names tell keys apart in the console and in screen readers' labels ("Revoke production"),
      // so a live key's name is not given twice (case aside). The account lock above makes the
      // check race-free; a deleted key's name is free again.
      if (name) {
        const clash = await tx.apiKey.findFirst({
          where: { accountId, status: { not: 'deleted' }, name: { equals: name, mode: 'insensitive' } },
          select: { id: true },
        });
        if (clash) throw new ApiKeyError('name_taken', `You already have a key named “${name}”. Choose another name.`);
      }

      const key = generateApiKey();
      const { prefix, last4 } = apiKeyDisplay(key);
      const record = await tx.apiKey.create({
        data: { accountId, name: name ?? null, hash: hashApiKey(key), prefix, last4 },
        select: apiKeyPublicSelect,
      });
      await tx.apiKeyEvent.create({
        data: {
          accountId,
          apiKeyId: record.id,
          type: 'created',
          actorId: actor.id,
          actorLabel: actor.label,
        },
      });
      return { key, record };
    },
    // Many creates may queue on the account lock; give them room beyond Prisma's 2 s / 5 s.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
