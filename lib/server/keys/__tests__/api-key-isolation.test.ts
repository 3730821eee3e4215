import { describe, expect, it } from 'vitest';

import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { listKeyEvents } from '@/lib/server/keys/list-key-events';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';

import { seedAccount } from './support/seed';

describe('cross-account isolation', () => {
  it.each([
    ['revoke', revokeApiKey, 'active'],
    ['re-enable', reenableApiKey, 'revoked'],
    ['delete', deleteApiKey, 'active'],
  ] as const)(
    'answers not found when another account tries to %s a key, and changes nothing',
    async (_verb, change, startAs) => {
      const owner = await seedAccount('owner');
      const intruder = await seedAccount('intruder');
      const { record } = await createApiKey({ accountId: owner.accountId, actor: owner.actor });
      if (startAs === 'revoked') await revokeApiKey({ ...owner, keyId: record.id });
      const before = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
      const eventsBefore = await db.apiKeyEvent.count({ where: { apiKeyId: record.id } });

      const error = await change({ accountId: intruder.accountId, actor: intruder.actor, keyId: record.id }).catch(
        (e: unknown) => e,
      );
      const unknown = await change({
        accountId: intruder.accountId,
        actor: intruder.actor,
        keyId: 'no-such-key',
      }).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ConsoleError);
      expect(error).toMatchObject({ code: 'not_found' });
      // Exactly the answer for an id that never existed.
      expect((error as Error).message).toBe((unknown as Error).message);
      expect(await db.apiKey.findUniqueOrThrow({ where: { id: record.id } })).toEqual(before);
      expect(await db.apiKeyEvent.count({ where: { apiKeyId: record.id } })).toBe(eventsBefore);
    },
  );

  it('lists only the keys and events of the asking account', async () => {
    const a = await seedAccount('a');
    const b = await seedAccount('b');
    const keyOfA = await createApiKey({ accountId: a.accountId, actor: a.actor, name: 'of a' });
    await createApiKey({ accountId: b.accountId, actor: b.actor, name: 'of b' });

    expect((await listApiKeys({ accountId: a.accountId })).map((k) => k.id)).toEqual([keyOfA.record.id]);
    expect((await listKeyEvents({ accountId: a.accountId })).map((e) => e.apiKey.id)).toEqual([keyOfA.record.id]);
  });

  it('does not let another account’s keys count toward the limit', async () => {
    const a = await seedAccount('a');
    const b = await seedAccount('b');
    for (let i = 0; i < 10; i++) await createApiKey({ accountId: a.accountId, actor: a.actor });
    await expect(createApiKey({ accountId: b.accountId, actor: b.actor })).resolves.toHaveProperty('key');
  });
});
