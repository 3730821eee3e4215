import 'server-only';

import { apiKeyDisplay, generateApiKey, hashApiKey } from '@/lib/api-key';
import { db } from '@/lib/db';
import { MAX_API_KEYS_PER_ACCOUNT, ROLL_GRACE_PERIODS, type RollGrace } from '@/lib/validation/api-keys';

import { emitEvent } from '@/lib/server/events/emit-event';
import { ConsoleError } from '@/lib/server/console-error';

import { apiKeyNotFound } from './api-key-not-found';
import { apiKeyPublicSelect, liveKeyWhere, type ApiKeyRecord, type KeyActor } from './api-key-select';
import { actorEventData, keyEventData } from './key-event-data';

export type RollApiKeyOptions = {
  accountId: string;
  keyId: string;
  actor: KeyActor;
  /** How long the old key keeps working. */
  grace: RollGrace;
  /** The clock (tests move it); defaults to now. */
  now?: Date;
};

/**
 * Replaces an active key's secret: a new key with the same name, restriction, limit and expiry,
 * of the old key's lineage (its monthly limit counts the spend of both, and of every earlier roll),
 * returned in plaintext once, and the old key's end set to now plus the grace period (never later
 * than an end it already had). The API honours the end on the next request everywhere: setting
 * expiresAt notifies every API server (prisma/functions.sql), and a later end is compared with the
 * clock on each call. While both work, both count toward the ten. Records "rolled" on the old key
 * and "created" on the new one. A key that is already being replaced (a newer key of its lineage
 * exists) is not rolled again: its successor is.
 */
export async function rollApiKey({ accountId, keyId, actor, grace, now = new Date() }: RollApiKeyOptions): Promise<{
  key: string;
  record: ApiKeyRecord;
  old: ApiKeyRecord;
}> {
  const graceMs = ROLL_GRACE_PERIODS[grace] * 1000;
  const end = new Date(now.getTime() + graceMs);
  return db.$transaction(
    async (tx) => {
      // The account lock of createApiKey: the count below is not raced by a create or another roll.
      const [account] = await tx.$queryRaw<{ deleted: boolean }[]>`
        SELECT "deletedAt" IS NOT NULL AS deleted FROM "Account" WHERE id = ${accountId} FOR UPDATE`;
      if (!account || account.deleted) throw apiKeyNotFound();
      const old = await tx.apiKey.findFirst({ where: { id: keyId, accountId, status: { not: 'deleted' } } });
      if (!old) throw apiKeyNotFound();
      if (old.expiresAt && old.expiresAt <= now)
        throw new ConsoleError('invalid_transition', 'This key has expired: create a new key instead');
      if (old.status !== 'active')
        throw new ConsoleError(
          'invalid_transition',
          'Only an active key can be rolled: re-enable it first, or create a new key',
        );
      // A key already rolled has a successor (a newer key of its lineage): that one is rolled next.
      const successor = await tx.apiKey.findFirst({
        where: {
          accountId,
          rootKeyId: old.rootKeyId ?? old.id,
          status: { not: 'deleted' },
          createdAt: { gt: old.createdAt },
        },
        select: { prefix: true, last4: true },
      });
      if (successor)
        throw new ConsoleError(
          'invalid_transition',
          `This key is already being replaced by ${successor.prefix}…${successor.last4}: roll that key instead`,
        );
      if (graceMs > 0) {
        const live = await tx.apiKey.count({ where: liveKeyWhere(accountId, now) });
        if (live >= MAX_API_KEYS_PER_ACCOUNT) {
          throw new ConsoleError(
            'limit_reached',
            `While the old key works, both count toward the ${MAX_API_KEYS_PER_ACCOUNT} keys an account can have. Roll with “Now”, or delete a key you no longer use.`,
          );
        }
      }

      const key = generateApiKey();
      const { prefix, last4 } = apiKeyDisplay(key);
      const record = await tx.apiKey.create({
        data: {
          accountId,
          name: old.name,
          hash: hashApiKey(key),
          prefix,
          last4,
          expiresAt: old.expiresAt,
          scopes: old.scopes,
          monthlyLimitMicros: old.monthlyLimitMicros,
          // One lineage: the limit counts the spend of every key rolled from the same original.
          rootKeyId: old.rootKeyId ?? old.id,
        },
        select: apiKeyPublicSelect,
      });
      const oldEnd = old.expiresAt && old.expiresAt < end ? old.expiresAt : end;
      const updated = await tx.apiKey.update({
        where: { id: old.id },
        data: { expiresAt: oldEnd },
        select: apiKeyPublicSelect,
      });
      await tx.apiKeyEvent.createMany({
        data: [
          { accountId, apiKeyId: old.id, type: 'rolled', actorId: actor.id, actorLabel: actor.label, createdAt: now },
          {
            accountId,
            apiKeyId: record.id,
            type: 'created',
            actorId: actor.id,
            actorLabel: actor.label,
            createdAt: now,
          },
        ],
      });
      // One event for the roll (not a key.created too): it names both keys and the old one's end.
      await emitEvent({
        accountId,
        type: 'key.rolled',
        data: { key: keyEventData(updated), new_key: keyEventData(record), actor: actorEventData(actor) },
        tx,
        now,
      });
      return { key, record, old: updated };
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
