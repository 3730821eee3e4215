import 'server-only';

import { apiKeyDisplay, generateApiKey, hashApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';
import { MAX_API_KEYS_PER_ACCOUNT } from '@/lib/validation/api-keys';

import { emitEvent } from '@/lib/server/events/emit-event';
import { ConsoleError } from '@/lib/server/console-error';

import { apiKeyPublicSelect, liveKeyWhere, type ApiKeyRecord, type KeyActor } from './api-key-select';
import { actorEventData, keyEventData } from './key-event-data';
import { normalizeScopes, unknownScopes } from './key-scope-options';

export type CreateApiKeyOptions = {
  accountId: string;
  actor: KeyActor;
  name?: string;
  /** When the key stops working (must be in the future), or null/absent for never. */
  expiresAt?: Date | null;
  /** Families or data endpoint paths the key may call; empty or absent: all. */
  scopes?: string[];
  /** The key's own monthly spend limit in micro-dollars, or null/absent for none. */
  monthlyLimitMicros?: bigint | null;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
};

/** Refuses an expiry that is not in the future: a key that would be born expired. */
export function assertFutureExpiry(expiresAt: Date | null | undefined, now: Date): void {
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new ConsoleError(
      'invalid_input',
      'Choose an expiry date after today (keys stop at 00:00 UTC on that date).',
      {
        field: 'expiresOn',
      },
    );
  }
}

/**
 * Creates an active key and its "created" event. Returns the plaintext key: the only time it
 * exists outside the caller's hands; only its hash is stored.
 */
export async function createApiKey({
  accountId,
  actor,
  name,
  expiresAt = null,
  scopes = [],
  monthlyLimitMicros = null,
  now = new Date(),
}: CreateApiKeyOptions): Promise<{ key: string; record: ApiKeyRecord }> {
  assertFutureExpiry(expiresAt, now);
  const unknown = unknownScopes(scopes);
  if (unknown.length)
    throw new ConsoleError('invalid_input', `Unknown family or endpoint: ${unknown.join(', ')}`, { field: 'scopes' });
  if (monthlyLimitMicros !== null && monthlyLimitMicros <= 0n)
    throw new ConsoleError('invalid_input', 'A limit must be more than $0', { field: 'monthlyLimit' });
  return db.$transaction(
    async (tx) => {
      // Locking the account row serialises concurrent creates for one account, so the count
      // below cannot be read by two transactions before either inserts. Deletion takes the same
      // lock: a create that waited on a deletion sees the account deleted and makes no key.
      const [account] = await tx.$queryRaw<{ deleted: boolean }[]>`
        SELECT "deletedAt" IS NOT NULL AS deleted FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
      if (!account) throw new ConsoleError('not_found', 'This account does not exist');
      if (account.deleted) throw new ConsoleError('not_found', 'This account has been deleted');

      // Expired keys (and rolled keys past their grace period) no longer count: they cannot work again.
      const existing = await tx.apiKey.count({ where: liveKeyWhere(accountId, now) });
      if (existing >= MAX_API_KEYS_PER_ACCOUNT) {
        throw new ConsoleError(
          'limit_reached',
          `You can have at most ${MAX_API_KEYS_PER_ACCOUNT} API keys. Delete a key you no longer use to create a new one.`,
        );
      }

      // Names tell keys apart in the console and in screen readers' labels ("Revoke production"),
      // so a live key's name is not given twice (case aside). The account lock above makes the
      // check race-free; a deleted key's name is free again.
      if (name) {
        const clash = await tx.apiKey.findFirst({
          where: { ...liveKeyWhere(accountId, now), name: { equals: name, mode: 'insensitive' } },
          select: { id: true },
        });
        if (clash)
          throw new ConsoleError('name_taken', `You already have a key named “${name}”. Choose another name.`, {
            field: 'name',
          });
      }

      const key = generateApiKey();
      const { prefix, last4 } = apiKeyDisplay(key);
      const record = await tx.apiKey.create({
        data: {
          accountId,
          name: name ?? null,
          hash: hashApiKey(key),
          prefix,
          last4,
          expiresAt,
          scopes: normalizeScopes(scopes),
          monthlyLimitMicros,
        },
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
      await emitEvent({
        accountId,
        type: 'key.created',
        data: { key: keyEventData(record), actor: actorEventData(actor) },
        tx,
        now,
      });
      return { key, record };
    },
    // Many creates may queue on the account lock; give them room beyond Prisma's 2 s / 5 s.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
