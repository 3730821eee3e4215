import { describe, expect, it } from 'vitest';

import { hashApiKey, isApiKeyFormat } from '@/lib/api-key';
import { db } from '@/lib/db';
import { ConsoleError } from '@/lib/server/console-error';
import { createApiKey } from '@/lib/server/keys/create-api-key';
import { deleteApiKey } from '@/lib/server/keys/delete-api-key';
import { listApiKeys } from '@/lib/server/keys/list-api-keys';
import { listKeyEvents } from '@/lib/server/keys/list-key-events';
import { reenableApiKey } from '@/lib/server/keys/reenable-api-key';
import { revokeApiKey } from '@/lib/server/keys/revoke-api-key';

import { seedAccount } from './support/seed';

async function expectApiKeyError(promise: Promise<unknown>, code: ConsoleError['code'], message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConsoleError);
  expect((error as ConsoleError).code).toBe(code);
  expect((error as ConsoleError).message).toMatch(message);
}

describe('createApiKey', () => {
  it('returns the plaintext once and stores only its hash, prefix and last four', async () => {
    const { accountId, actor } = await seedAccount();
    const { key, record } = await createApiKey({ accountId, actor, name: 'production' });

    expect(isApiKeyFormat(key)).toBe(true);
    expect(record).toMatchObject({
      name: 'production',
      status: 'active',
      prefix: key.slice(0, 12),
      last4: key.slice(-4),
    });
    expect(record).not.toHaveProperty('hash');
    const stored = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
    expect(stored.hash).toBe(hashApiKey(key));
    expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('records a created event with the actor', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });
    const events = await listKeyEvents({ accountId });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'created', actorLabel: actor.label, apiKey: { id: record.id } });
  });

  it('refuses the eleventh key of an account', async () => {
    const { accountId, actor } = await seedAccount();
    for (let i = 0; i < 10; i++) await createApiKey({ accountId, actor, name: `key ${i}` });
    await expectApiKeyError(createApiKey({ accountId, actor }), 'limit_reached', /at most 10 API keys/);
    expect(await listApiKeys({ accountId })).toHaveLength(10);
  });

  it('leaves exactly 10 keys after 30 simultaneous creates', async () => {
    const { accountId, actor } = await seedAccount();
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => createApiKey({ accountId, actor, name: `race ${i}` })),
    );
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof ConsoleError && r.reason.code === 'limit_reached',
    );
    expect(created).toHaveLength(10);
    expect(refused).toHaveLength(20);
    expect(await db.apiKey.count({ where: { accountId } })).toBe(10);
    expect(await db.apiKeyEvent.count({ where: { accountId, type: 'created' } })).toBe(10);
  });

  it('does not count deleted keys toward the limit', async () => {
    const { accountId, actor } = await seedAccount();
    const first = await createApiKey({ accountId, actor });
    for (let i = 1; i < 10; i++) await createApiKey({ accountId, actor });
    await deleteApiKey({ accountId, actor, keyId: first.record.id });
    await expect(createApiKey({ accountId, actor })).resolves.toHaveProperty('key');
    await expectApiKeyError(createApiKey({ accountId, actor }), 'limit_reached', /at most 10/);
  });

  it('does count revoked keys toward the limit', async () => {
    const { accountId, actor } = await seedAccount();
    const keys = [];
    for (let i = 0; i < 10; i++) keys.push(await createApiKey({ accountId, actor }));
    await revokeApiKey({ accountId, actor, keyId: keys[0]!.record.id });
    await expectApiKeyError(createApiKey({ accountId, actor }), 'limit_reached', /at most 10/);
  });
});

describe('key state transitions', () => {
  it('revokes an active key and re-enables it, recording both events', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });

    const revoked = await revokeApiKey({ accountId, actor, keyId: record.id });
    expect(revoked.status).toBe('revoked');
    expect(revoked.revokedAt).toBeInstanceOf(Date);

    const reenabled = await reenableApiKey({ accountId, actor, keyId: record.id });
    expect(reenabled.status).toBe('active');
    expect(reenabled.revokedAt).toBeNull();

    const types = (await listKeyEvents({ accountId })).map((e) => e.type);
    expect(types).toEqual(['reenabled', 'revoked', 'created']);
  });

  it('refuses to revoke a key that is already revoked', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });
    await revokeApiKey({ accountId, actor, keyId: record.id });
    await expectApiKeyError(
      revokeApiKey({ accountId, actor, keyId: record.id }),
      'invalid_transition',
      'This key is already revoked',
    );
  });

  it('refuses to re-enable a key that is active', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });
    await expectApiKeyError(
      reenableApiKey({ accountId, actor, keyId: record.id }),
      'invalid_transition',
      'This key is already active',
    );
  });

  it.each(['active', 'revoked'] as const)(
    'deletes a %s key: gone from the list, with a deleted event',
    async (from) => {
      const { accountId, actor } = await seedAccount();
      const { record } = await createApiKey({ accountId, actor });
      if (from === 'revoked') await revokeApiKey({ accountId, actor, keyId: record.id });

      const deleted = await deleteApiKey({ accountId, actor, keyId: record.id });
      expect(deleted.status).toBe('deleted');
      expect(await listApiKeys({ accountId })).toEqual([]);
      const stored = await db.apiKey.findUniqueOrThrow({ where: { id: record.id } });
      expect(stored.deletedAt).toBeInstanceOf(Date);
      expect((await listKeyEvents({ accountId }))[0]?.type).toBe('deleted');
    },
  );

  it.each([
    ['revoke', revokeApiKey],
    ['re-enable', reenableApiKey],
    ['delete', deleteApiKey],
  ] as const)('answers not found when asked to %s a deleted key', async (_verb, change) => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });
    await deleteApiKey({ accountId, actor, keyId: record.id });
    await expectApiKeyError(change({ accountId, actor, keyId: record.id }), 'not_found', /does not exist/);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: record.id } })).status).toBe('deleted');
  });

  it('lets only one of two simultaneous revokes succeed', async () => {
    const { accountId, actor } = await seedAccount();
    const { record } = await createApiKey({ accountId, actor });
    const results = await Promise.allSettled([
      revokeApiKey({ accountId, actor, keyId: record.id }),
      revokeApiKey({ accountId, actor, keyId: record.id }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db.apiKeyEvent.count({ where: { apiKeyId: record.id, type: 'revoked' } })).toBe(1);
  });
});
